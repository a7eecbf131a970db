import { hasInjectionContext, inject, ssrContextKey } from 'vue';
import type { App, InjectionKey, Plugin } from 'vue';
import { createDataClient } from '../../core/index.js';
// the one development `warn` (its own small module, without imports: the core entry does not export it)
import { warn } from '../../core/dev/warn.js';
import type { DataClient, DataClientOptions, StoreSignals } from './types.js';

// Vue's build flag for devtools in production (bundlers define it; Vite's Vue plugin and Nuxt as false)
declare const __VUE_PROD_DEVTOOLS__: boolean | undefined;

// registered, so the plugin of one copy of the adapter provides to the composables of another
const DataClientKey: InjectionKey<DataClient> = Symbol.for('rest-signals.data-client');

/**
 * Options of `DataClientPlugin`: a client to share, or the options to create one with.
 *
 * @example
 * app.use(DataClientPlugin, { client: createDataClient({ initialState }) } satisfies DataClientPluginOptions);
 */
export interface DataClientPluginOptions extends Partial<DataClientOptions> {
  /** The client to provide. When absent, one is created from the other options and destroyed on `app.unmount()`. */
  client?: DataClient;
  /**
   * Adds an inspector and timeline layer to Vue Devtools (needs the optional peer `@vue/devtools-api`).
   * Development only unless `__VUE_PROD_DEVTOOLS__` is true, as Pinia's.
   * @default false
   */
  devtools?: boolean;
}

/**
 * Provides a data client to every composable of the app. A given `client` is shared and its
 * lifetime left to the caller; otherwise one is created and destroyed on `app.unmount()`.
 * On the server, pass each request its own client (a server render never unmounts).
 *
 * @example
 * const app = createApp(App);
 * app.use(DataClientPlugin, { initialState: window.__DATA__ });
 * app.mount('#app');
 */
export const DataClientPlugin: Plugin<[DataClientPluginOptions?]> = {
  install(app: App, { client, ...rest }: DataClientPluginOptions = {}): void {
    if (client === undefined) {
      // a server render never unmounts: a client made here would outlive the request
      if (process.env.NODE_ENV !== 'production' && typeof window === 'undefined') {
        warn(
          'ssr-without-client',
          'DataClientPlugin: installed on a server without a client; pass { client: createDataClient() } per request and call client.destroy() after renderToString',
        );
      }
      const created = createDataClient(rest as DataClientOptions);
      app.onUnmount(() => created.destroy());
      client = created;
    }
    app.provide(DataClientKey, client);
    // folded by the bundler, so a build without `@vue/devtools-api` resolves no import; inline, since
    // esbuild keeps a chunk for an import() in a function it only later finds unused
    if (process.env.NODE_ENV !== 'production' || (typeof __VUE_PROD_DEVTOOLS__ !== 'undefined' && __VUE_PROD_DEVTOOLS__)) {
      const inspected = client;
      if (rest.devtools) {
        import('../../devtools/index.js')
          .then(m => m.registerVueDevtools(app, inspected))
          .catch((error: unknown) => {
            if (process.env.NODE_ENV !== 'production') warn('devtools-unavailable', 'DataClientPlugin: devtools: true needs the optional peer @vue/devtools-api', error);
          });
      }
    }
  },
};

/**
 * The client the app's `DataClientPlugin` provides; call it in `setup`. Throws when none is installed.
 *
 * @example
 * const client = useDataClient();
 * const state = client.controller.getState();
 */
export function useDataClient(caller = 'useDataClient'): DataClient {
  const client = hasInjectionContext() ? inject(DataClientKey, undefined) : undefined;
  if (client === undefined) {
    throw new Error(`${caller}() needs app.use(DataClientPlugin) and a component's setup() (no data client found)`);
  }
  return client;
}

/** The app client's vanilla signal API; throws an `Error` naming `caller` when there is none. */
export function useStoreSignals(caller: string): StoreSignals {
  return useDataClient(caller);
}

/**
 * The app's `Controller`: imperative fetches, mutations, invalidation and reads.
 *
 * @example
 * const ctrl = useController();
 * const rename = (title: string) => ctrl.fetch(ArticleResource.partialUpdate, { id: 1 }, { title });
 */
export function useController(): DataClient['controller'] {
  return useDataClient('useController').controller;
}

/** true in a `renderToString` setup (the SSR context is provided): never subscribe, nothing unmounts it. */
export function isServerSetup(): boolean {
  return hasInjectionContext() && inject(ssrContextKey, null) !== null;
}
