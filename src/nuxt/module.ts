// rest-signals/nuxt: the Nuxt 4 module. It runs at build time only: it registers the runtime
// plugin (`plugin.ts`, shipped as `dist/nuxt-plugin.js` and compiled by the app's own build),
// writes the options the plugin needs into a build template, and auto-imports the Vue composables.
import { addImports, addPlugin, addTemplate, createResolver, defineNuxtModule } from 'nuxt/kit';
import type { NuxtModule } from 'nuxt/schema';
import type { GCOptions } from 'rest-signals';
import { optionsModule } from './optionsModule.js';

/**
 * Options of `rest-signals/nuxt`, under the `restSignals` key of `nuxt.config`. Everything here
 * must survive being written into the build, so behaviour (the managers) is named by a file.
 *
 * @example
 * export default defineNuxtConfig({
 *   modules: ['rest-signals/nuxt'],
 *   restSignals: { managers: '~/rest-signals.managers', gcPolicy: { expiryMultiplier: 3 }, devtools: true },
 * });
 */
export interface ModuleOptions {
  /**
   * A file (Nuxt aliases such as `~/` work) whose default export makes the managers of a new
   * client: `({ server }) => Manager[]`. It is called once per server request and once in the
   * browser, so no manager is shared between requests.
   * @default undefined (the default managers, as `createDataClient()` has them)
   */
  managers?: string;
  /**
   * The browser client's garbage collection: `GCPolicy` options, or `'immortal'` to keep
   * everything. A server client lives for one request and is destroyed after the response.
   * @default {} (a `GCPolicy` with its defaults)
   */
  gcPolicy?: GCOptions | 'immortal';
  /**
   * Adds the rest-signals inspector and timeline to Vue Devtools, in the browser only (never on the
   * server). Needs `@vue/devtools-api` installed.
   * @default false
   */
  devtools?: boolean;
}

/** The composables the module auto-imports, all from `rest-signals/vue`. */
const COMPOSABLES = [
  'useSuspense',
  'useDLE',
  'useController',
  'useDataClient',
  'useCache',
  'useQuery',
  'useLive',
  'useSubscription',
  'useLoading',
  'useCancelling',
  'useDebounce',
  'useIsRestoring',
  'useMembers',
  'useEntity',
  'hookifyResource',
] as const;

/**
 * The Nuxt 4 module of rest-signals: add it to `modules` in `nuxt.config`. Each server request
 * gets a client of its own, destroyed after the response; the committed state of the server
 * render travels in the Nuxt payload and is hydrated into the browser's single client before the
 * first client render, so nothing fetched on the server is fetched again and errors hydrate as
 * errors. `useSuspense`, `useDLE`, `useController` and the other composables of
 * `rest-signals/vue` are auto-imported.
 *
 * @example
 * // nuxt.config.ts
 * export default defineNuxtConfig({ modules: ['rest-signals/nuxt'], restSignals: { devtools: true } });
 * // app/pages/users.vue, <script setup lang="ts">
 * const users = await useSuspense(UserResource.getList);
 */
const restSignalsModule: NuxtModule<ModuleOptions> = defineNuxtModule<ModuleOptions>({
  meta: { name: 'rest-signals', configKey: 'restSignals', compatibility: { nuxt: '>=4.0.0' } },
  defaults: {},
  setup(options, nuxt) {
    const { resolve } = createResolver(import.meta.url);
    const plugin = resolve('./nuxt-plugin.js');
    // the plugin imports `#app` and `#build/…`: the app's bundler must compile it, not externalize it
    nuxt.options.build.transpile.push(plugin);
    addTemplate({ filename: 'rest-signals.options.mjs', getContents: () => optionsModule(options) });
    addPlugin({ src: plugin });
    addImports(COMPOSABLES.map(name => ({ name, from: 'rest-signals/vue' })));
  },
});
export default restSignalsModule;
