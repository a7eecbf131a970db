import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { build, type InlineConfig, type Plugin, type PluginOption } from 'vite';
import solid from 'vite-plugin-solid';
import vue from '@vitejs/plugin-vue';

/**
 * The engines compared, one page each (`pages/<engine>/`), served at `/<engine>/`. rest-signals has two
 * pages per framework: the README's first code (`rs-solid`, `rs-vue`: the list of `useSuspense`, rows
 * taking the entity as a prop, the peers' shared rows) and its documented fast path for big lists
 * (`-fast`: `useMembers` + `useEntity` rows). A peer's documented usage is its only page.
 */
export const ENGINES = ['rs-solid', 'rs-solid-fast', 'rs-solid2', 'rs-vue', 'rs-vue-fast', 'tq-solid', 'tq-vue', 'colada'] as const;
/** One of {@link ENGINES}. */
export type EngineId = (typeof ENGINES)[number];

/** Human names for reports. */
export const ENGINE_NAMES: Record<EngineId, string> = {
  'rs-solid': 'rest-signals · Solid',
  'rs-solid-fast': 'rest-signals · Solid (fast path)',
  'rs-solid2': 'rest-signals · Solid 2',
  'rs-vue': 'rest-signals · Vue',
  'rs-vue-fast': 'rest-signals · Vue (fast path)',
  'tq-solid': 'solid-query + normy',
  'tq-vue': 'vue-query + normy',
  colada: 'Pinia Colada',
};

/** The framework of each page (rows of one framework are compared with each other). */
export const FRAMEWORK: Record<EngineId, 'solid' | 'vue'> = {
  'rs-solid': 'solid', 'rs-solid-fast': 'solid', 'rs-solid2': 'solid', 'rs-vue': 'vue', 'rs-vue-fast': 'vue', 'tq-solid': 'solid', 'tq-vue': 'vue', colada: 'vue',
};

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');
/** Where the built pages go (`dist/<engine>/index.html`). */
export const DIST_DIR = resolve(here, 'dist');

// The package's own names resolve to its source, so a build always reflects the working tree
// (no `npm run build` of the library first).
const alias = [
  { find: /^rest-signals$/, replacement: resolve(root, 'src/core/index.ts') },
  { find: /^rest-signals\/solid$/, replacement: resolve(root, 'src/adapters/solid/index.ts') },
  { find: /^rest-signals\/vue$/, replacement: resolve(root, 'src/adapters/vue/index.ts') },
];

// The Solid 2 page is built with Solid 2's compiler and runtime: those of the nested project the Solid 2
// adapter is tested in (`test/solid2`, installed from its lockfile); the root keeps solid-js 1.9.
const solid2Modules = resolve(root, 'test/solid2/node_modules');
const solid2Alias = [{ find: /^rest-signals\/solid2$/, replacement: resolve(root, 'src/adapters/solid2/index.ts') }];
/**
 * Resolves Solid's runtime (any subpath) to `test/solid2`'s install, through each package's `exports`
 * with the browser production conditions. Vite's own resolver cannot: Solid's plugin dedupes solid-js
 * to the project root, where the root's solid-js 1.9 lives.
 */
const solid2Runtime: Plugin = {
  name: 'solid2-runtime',
  enforce: 'pre',
  resolveId(id) {
    const m = /^(solid-js|@solidjs\/(?:web|signals))(\/.*)?$/.exec(id);
    if (!m) return null;
    const dir = resolve(solid2Modules, m[1]!);
    const exports = (JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;
    let target: unknown = exports[`.${m[2] ?? ''}`];
    // the first condition a browser production build takes; `development` / `observe` / server ones are not it
    while (target !== null && typeof target === 'object') {
      const t = target as Record<string, unknown>;
      target = t.browser ?? t.import ?? t.default;
    }
    if (typeof target !== 'string') throw new Error(`bench:browser: no browser entry for ${id} in ${dir}`);
    return resolve(dir, target);
  },
};

async function solid2Plugin(): Promise<Plugin[]> {
  const entry = resolve(solid2Modules, '@solidjs/vite-plugin/dist/esm/index.mjs');
  if (!existsSync(entry)) throw new Error('bench:browser: the Solid 2 page needs test/solid2 installed: cd test/solid2 && npm ci');
  const { default: solid2 } = (await import(pathToFileURL(entry).href)) as { default: (options: { include: string[] }) => Plugin | Plugin[] };
  return [solid2({ include: ['**/bench/browser/pages/rs-solid2/**/*.tsx', '**/bench/browser/pages/shared/Solid2Row.tsx', '**/src/adapters/solid2/**'] })].flat();
}

function plugins(engine: EngineId): PluginOption[] {
  if (engine === 'rs-solid2') return [solid2Runtime, solid2Plugin()];
  return FRAMEWORK[engine] === 'solid' ? [solid({ include: ['**/bench/browser/pages/**/*.tsx', '**/src/adapters/solid/**'], exclude: ['**/pages/rs-solid2/**', '**/Solid2Row.tsx'] })] : [vue()];
}

/**
 * The Vite production build of one engine's page (`minify` @default true, `sourcemap` @default false: a profile wants names and files).
 * @example await build(pageConfig('colada'));
 */
export function pageConfig(engine: EngineId, outDir = DIST_DIR, { minify = true, sourcemap = false }: { minify?: boolean; sourcemap?: boolean } = {}): InlineConfig {
  return {
    configFile: false,
    root: resolve(here, 'pages', engine),
    base: `/${engine}/`,
    mode: 'production',
    logLevel: 'warn',
    plugins: plugins(engine),
    resolve: { alias: engine === 'rs-solid2' ? [...solid2Alias, ...alias] : alias },
    build: {
      outDir: resolve(outDir, engine),
      emptyOutDir: true,
      target: 'es2022',
      minify,
      sourcemap,
      reportCompressedSize: false,
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  };
}

/**
 * Builds the given engines' pages (default: all), one after the other; `minify: false` keeps
 * function names for a CPU profile.
 * @example await buildPages(['rs-vue', 'colada']);
 */
export async function buildPages(engines: readonly EngineId[] = ENGINES, outDir = DIST_DIR, options: { minify?: boolean; sourcemap?: boolean } = {}): Promise<void> {
  for (const engine of engines) await build(pageConfig(engine, outDir, options));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildPages();
