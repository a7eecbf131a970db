import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig, type InlineConfig, type PluginOption } from 'vite';
import solid from 'vite-plugin-solid';
import vue from '@vitejs/plugin-vue';

/** The three pages of the playground; each is built on its own, under its own URL prefix. */
export const PAGES = ['solid', 'vue', 'vanilla'] as const;
/** One of {@link PAGES}. */
export type Page = (typeof PAGES)[number];

const here = fileURLToPath(new URL('.', import.meta.url));
/** Where `npm start` and the browser tests find the built pages (`dist/<page>/index.html`). */
export const DIST_DIR = resolve(here, 'dist');

function pluginsFor(page: Page): PluginOption[] {
  if (page === 'solid') return [solid({ include: ['**/playground/solid/**'] })];
  if (page === 'vue') return [vue()];
  return [];
}

/**
 * The Vite build of one page: its root is `playground/<page>/`, its output
 * `playground/dist/<page>/`, and every URL in it is under `/<page>/`, so the playground server can
 * serve each page's folder at its prefix with nothing shared between them. Pages import the
 * library from `src/` (no prior library build needed).
 * @example await build(pageConfig('vue'));
 */
export function pageConfig(page: Page): InlineConfig {
  return {
    configFile: false,
    root: resolve(here, page),
    base: `/${page}/`,
    // files every page serves as they are (the offline shell's service worker), copied into each page's folder
    publicDir: resolve(here, 'ui/public'),
    logLevel: 'warn',
    plugins: pluginsFor(page),
    build: {
      outDir: resolve(DIST_DIR, page),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      reportCompressedSize: false,
      // the solid/vue transforms dominate a build this small; rolldown's timing notice is noise here
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  };
}

// `npx vite -c playground/vite.config.ts` serves the pages in development from one server; the
// API is expected on the same origin, so run `npm start` alongside and proxy to it.
export default defineConfig({
  root: here,
  plugins: [solid({ include: ['**/playground/solid/**'] }), vue()],
  server: {
    fs: { allow: [resolve(here, '..')] },
    proxy: Object.fromEntries(
      ['/api', '/__control', '/__reset'].map(p => [p, `http://127.0.0.1:${process.env.PORT ?? 3000}`]),
    ),
  },
});
