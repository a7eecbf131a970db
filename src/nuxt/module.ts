// Build time only: registers the runtime plugin, writes its options into a template, auto-imports.
import { addImports, addPlugin, addTemplate, createResolver, defineNuxtModule } from 'nuxt/kit';
import type { NuxtModule } from 'nuxt/schema';
import type { GCOptions } from 'rest-signals';
import { optionsModule } from './optionsModule.js';

/**
 * Options of `rest-signals/nuxt` (`restSignals` in `nuxt.config`); serialisable, so managers are named by a file.
 *
 * @example
 * export default defineNuxtConfig({
 *   modules: ['rest-signals/nuxt'],
 *   restSignals: { managers: '~/rest-signals.managers', gcPolicy: { expiryMultiplier: 3 }, devtools: true },
 * });
 */
export interface ModuleOptions {
  /**
   * A file whose default export `({ server }) => Manager[]` makes each client's managers (per request).
   * @default undefined (the default managers, as `createDataClient()` has them)
   */
  managers?: string;
  /**
   * The browser client's `GCPolicy` options, or `'immortal'`.
   * @default {} (a `GCPolicy` with its defaults)
   */
  gcPolicy?: GCOptions | 'immortal';
  /**
   * Adds the inspector and timeline to Vue Devtools (browser only; needs `@vue/devtools-api`).
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
 * The Nuxt 4 module: a client per server request, its state hydrated via the payload into the
 * browser's client (nothing fetched twice); the `rest-signals/vue` composables auto-imported.
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
