// Case family 6: bundle size. Each entry is bundled by rollup (node-resolve + commonjs) and
// minified by terser, then compressed with node:zlib (gzip level 9, brotli quality 11).
// The figure compared is min+gzip bytes; brotli and minified sizes are in the note.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { rollup } from 'rollup';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import terser from '@rollup/plugin-terser';
import { appBundle, APP_IMPORTS } from '../lib/appBundle.mjs';
import { DATA_CLIENT_APPS, dataClientAliases } from '../lib/dataClientSources.mjs';

const dist = name => fileURLToPath(new URL(`../../dist/${name}.js`, import.meta.url));

/** Bundles `code` (the virtual entry) with `external` left out; sizes in bytes. */
async function size(code, external = () => false) {
  const bundle = await rollup({
    input: 'bench-entry',
    external,
    onwarn: () => {},
    plugins: [
      { name: 'entry', resolveId: id => (id === 'bench-entry' ? id : null), load: id => (id === 'bench-entry' ? code : null) },
      // an app's production build replaces this, so the anchors' dev-only branches drop out
      { name: 'env', transform: src => (src.includes('process.env.NODE_ENV') ? src.replaceAll('process.env.NODE_ENV', '"production"') : null) },
      resolve({ exportConditions: ['module', 'import', 'default'], browser: true }),
      commonjs(),
      terser({ ecma: 2020, module: true, compress: { passes: 2 } }),
    ],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  // what loads up front: the entry chunk and every chunk it imports statically (a package whose
  // entry re-exports a shared chunk, or loads features with `import()`, splits into several);
  // chunks reached only through `import()` are reported apart
  const chunks = new Map(output.filter(o => o.type === 'chunk').map(c => [c.fileName, c]));
  const upfront = new Set();
  const visit = name => {
    if (upfront.has(name) || !chunks.has(name)) return;
    upfront.add(name);
    for (const i of chunks.get(name).imports) visit(i);
  };
  visit(output.find(o => o.type === 'chunk' && o.isEntry).fileName);
  const min = Buffer.concat([...upfront].map(name => Buffer.from(chunks.get(name).code)));
  const lazy = [...chunks.values()].filter(c => !upfront.has(c.fileName)).reduce((n, c) => n + Buffer.byteLength(c.code), 0);
  return {
    median: gzipSync(min, { level: 9 }).length,
    note: `min ${min.length} B, brotli ${brotliCompressSync(min, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length} B${lazy ? `, +${lazy} B min loaded lazily` : ''}`,
  };
}

const frameworks = id => /^(solid-js|vue|@vue\/|rest-signals|@tanstack\/query-core|@preact\/signals-core)(\/|$)/.test(id);

async function guarded(name, fn) {
  try {
    return await fn();
  } catch (error) {
    return { na: `${name}: ${String(error.message).split('\n')[0].slice(0, 90)}` };
  }
}

/**
 * An app import as the app's production esbuild build loads it up front (bench/lib/appBundle.mjs);
 * `withChunks` adds what normal use can load later (not devtools, not IndexedDB persistence).
 */
async function appSize(contents, options) {
  const r = await appBundle(contents, options);
  const lazy = r.withChunks > r.gzip ? `, ${r.withChunks} B min+gzip with the chunks normal use loads` : '';
  return { median: r.gzip, withChunks: r.withChunks, note: `min ${r.min} B, brotli ${r.brotli} B${lazy}${r.lazy ? ` (+${r.lazy} B min lazily in all)` : ''}` };
}

/** data-client 0.18.1's matching app import, built from its sources (bench/lib/dataClientSources.mjs). */
function dataClientApp(fw) {
  const app = DATA_CLIENT_APPS[fw];
  return guarded('DC', () => appSize(app.contents, { external: app.external, plugins: [dataClientAliases()] }));
}

const TQ = 'QueryClient, QueryClientProvider, useQuery, useMutation, useQueryClient';
const TQ_VUE = 'QueryClient, VueQueryPlugin, useQuery, useMutation, useQueryClient';
const NORMY = "export { createQueryNormalizer } from '@normy/query-core';";

export const cases = [
  // Issue 18's goal: each app import ≤ 14 KiB min+gzip (stretch 12 KiB), below every anchor that normalizes.
  {
    name: 'bundle Solid app', unit: 'bytes', anchor: 'TQ solid+normy',
    describe: 'a Solid app: `resource, Entity` from `rest-signals` and `DataProvider, useSuspense, useDLE, useController` from `rest-signals/solid`, built by esbuild for production (NODE_ENV=production, minified, solid-js external, signals-core and path-to-regexp bundled), what loads up front (with the chunks normal use loads in the note); anchors: `@tanstack/solid-query` (' + TQ + ') without and with `@normy/query-core`, and data-client 0.18.1 with React (it has no Solid package: `resource, Entity` from `@data-client/rest`, `DataProvider, useSuspense, useDLE, useController` from `@data-client/react`, built from its sources at commit bf7b1c2, react external)',
    async run() {
      return {
        ours: existsSync(dist('solid')) ? await guarded('ours', () => appSize(APP_IMPORTS.solid)) : { na: 'not built' },
        'TQ solid': await guarded('TQ', () => appSize(`export { ${TQ} } from '@tanstack/solid-query';`)),
        'TQ solid+normy': await guarded('TQ', () => appSize(`export { ${TQ} } from '@tanstack/solid-query'; ${NORMY}`)),
        'DC 0.18.1 React': await dataClientApp('react'),
      };
    },
  },
  {
    name: 'bundle Vue app', unit: 'bytes', anchor: 'TQ vue+normy',
    describe: 'a Vue app: `resource, Entity` from `rest-signals` and `DataClientPlugin, useSuspense, useDLE, useController` from `rest-signals/vue`, built as the Solid app (vue external; the devtools chunk loads only with `devtools: true`); anchors: `@tanstack/vue-query` (' + TQ_VUE + ') without and with `@normy/query-core`, `@pinia/colada` (PiniaColada, useQuery, useMutation, useQueryCache, with pinia bundled; no normalization), and data-client 0.18.1 with Vue (`resource, Entity` from `@data-client/rest`, `DataClientPlugin, useSuspense, useDLE, useController` from `@data-client/vue`, built from its sources at commit bf7b1c2)',
    async run() {
      return {
        ours: existsSync(dist('vue')) ? await guarded('ours', () => appSize(APP_IMPORTS.vue)) : { na: 'not built' },
        'TQ vue': await guarded('TQ', () => appSize(`export { ${TQ_VUE} } from '@tanstack/vue-query';`)),
        'TQ vue+normy': await guarded('TQ', () => appSize(`export { ${TQ_VUE} } from '@tanstack/vue-query'; ${NORMY}`)),
        'Pinia Colada': await guarded('colada', () => appSize("export { PiniaColada, useQuery, useMutation, useQueryCache } from '@pinia/colada';")),
        'DC 0.18.1 Vue': await dataClientApp('vue'),
      };
    },
  },
  {
    name: 'bundle rest-signals', unit: 'bytes', anchor: 'DC 0.10 core',
    describe: '`resource`, `Entity`, `createDataClient` from the built core with `@preact/signals-core` and path-to-regexp bundled in; anchors: all of `@data-client/core` 0.10 (with its normalizr), `@data-client/normalizr` 0.18 (normalize, denormalize, MemoCache), TanStack `QueryClient` + `QueryObserver` + normy\'s `createQueryNormalizer`',
    async run() {
      return {
        ours: existsSync(dist('index'))
          ? await guarded('ours', () => size(`export { resource, Entity, createDataClient } from ${JSON.stringify(dist('index'))};`))
          : { na: 'not built' },
        'DC 0.10 core': await guarded('DC', () => size(`export * from '@data-client/core';`)),
        'DC 0.18 normalizr': await guarded('DC', () => size(`export { normalize, denormalize, MemoCache } from '@data-client/normalizr';`)),
        'TQ+normy': await guarded('TQ', () => size(`export { QueryClient, QueryObserver } from '@tanstack/query-core'; export { createQueryNormalizer } from '@normy/query-core';`)),
      };
    },
  },
  ...['solid', 'vue'].map(fw => ({
    name: `bundle rest-signals/${fw}`, unit: 'bytes',
    describe: `everything \`rest-signals/${fw}\` exports, with ${fw === 'solid' ? 'solid-js' : 'vue'} and the core (\`rest-signals\`) external (no anchor adapter is installed here: \`@tanstack/${fw}-query\` and \`@data-client/${fw === 'vue' ? 'vue' : 'react'}\` are not dependencies)`,
    async run() {
      return {
        ours: existsSync(dist(fw))
          ? await guarded('ours', () => size(`export * from ${JSON.stringify(dist(fw))};`, frameworks))
          : { na: 'not built' },
      };
    },
  })),
];
