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
   * Adds a rest-signals inspector (entities, results) and timeline layer to Vue Devtools, through
   * `@vue/devtools-api` (an optional peer, loaded only when this is true). Like Vue's own devtools
   * support, Pinia's and Vue Router's, it works in development; a production build leaves it out
   * unless it defines Vue's `__VUE_PROD_DEVTOOLS__` flag as true.
   * @default false
   */
  devtools?: boolean;
}

/**
 * Provides a data client to every composable of the app. Given `client`, the plugin shares it
 * and leaves its lifetime to the caller (server rendering, tests, several apps on one store);
 * without one it creates a client from the remaining options (`managers`, `gcPolicy`,
 * `initialState`) and destroys it on `app.unmount()`, which stops polling and aborts requests
 * in flight.
 * With `devtools: true` it adds a rest-signals inspector and timeline layer to Vue Devtools in
 * development (loaded on demand); a production build carries none of that code unless it defines
 * `__VUE_PROD_DEVTOOLS__` as true.
 * A server render never unmounts its app, so give each server request a client of its own and
 * read `client.controller.getState()` from it after `renderToString`.
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
    // folded by the bundler: a production build without Vue's flag keeps no devtools import at all,
    // so an app without `@vue/devtools-api` builds (an unresolvable import fails Vite's build). The
    // import sits in the folded branch itself: esbuild keeps a chunk for an import() in a function it
    // only later finds unused.
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
 * The client the app's `DataClientPlugin` provides. Call it in `setup` (or inside
 * `app.runWithContext`). Throws an `Error` naming the composable when no client is installed,
 * since every composable needs the store.
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
 * The app's `Controller`: imperative fetches, mutations, invalidation and reads (`fetch`,
 * `invalidate`, `setResponse`, `getResponse`, …).
 *
 * @example
 * const ctrl = useController();
 * const rename = (title: string) => ctrl.fetch(ArticleResource.partialUpdate, { id: 1 }, { title });
 */
export function useController(): DataClient['controller'] {
  return useDataClient('useController').controller;
}

/**
 * true while setting up a component for `renderToString`: the server renderer provides the SSR
 * context, the client never does. Server setups read the store once and never subscribe, since
 * nothing unmounts a server-rendered component.
 */
export function isServerSetup(): boolean {
  return hasInjectionContext() && inject(ssrContextKey, null) !== null;
}
