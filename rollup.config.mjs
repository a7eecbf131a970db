// Builds every package entry as ESM + CommonJS + a bundled .d.ts.
// Dependencies and framework peers stay external: importing the core never loads Solid or Vue,
// and the adapters import the core through the package's own name so one store is shared.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import esbuild from 'rollup-plugin-esbuild';
import { dts } from 'rollup-plugin-dts';
import terser from '@rollup/plugin-terser';

// `REST_SIGNALS_OUT_DIR` builds elsewhere (the package tests build into a temporary folder).
const outDir = process.env.REST_SIGNALS_OUT_DIR ?? 'dist';

// Files of an earlier build (a module since removed, a renamed chunk) must not reach a packed
// tarball, yet `dist/` stays whole while a build runs (a test or an app may be reading it): every
// build records what it writes, and once the last one is written, what none of them wrote goes.
// Rollup runs the configurations below one after another, in order.
const written = new Set();
const recordWrites = {
  name: 'record-writes',
  writeBundle(options, bundle) {
    const dir = options.dir ?? dirname(options.file);
    for (const fileName of Object.keys(bundle)) written.add(resolve(dir, fileName));
  },
};
const pruneStale = {
  name: 'prune-stale',
  closeBundle() {
    const prune = dir => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          prune(path);
          if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
        } else if (!written.has(resolve(path))) rmSync(path);
      }
    };
    if (existsSync(outDir)) prune(outDir);
  },
};

const entries = [
  { name: 'index', input: 'src/core/index.ts' },
  { name: 'solid', input: 'src/adapters/solid/index.ts' },
  { name: 'solid2', input: 'src/adapters/solid2/index.ts' },
  { name: 'solid2-ssr', input: 'src/adapters/solid2/ssr/index.ts' },
  { name: 'vue', input: 'src/adapters/vue/index.ts' },
  { name: 'devtools', input: 'src/devtools/index.ts' },
  { name: 'normalizr', input: 'src/normalizr/index.ts' },
  { name: 'test', input: 'src/test/index.ts' },
  { name: 'test-solid', input: 'src/test/solid/index.ts' },
  { name: 'test-vue', input: 'src/test/vue/index.ts' },
  // bundled (one ESM file): a build-time module that finds its runtime plugin beside itself (`import.meta.url`)
  { name: 'nuxt', input: 'src/nuxt/module.ts', bundled: true },
  { name: 'solid-start', input: 'src/solid-start/index.ts' },
  { name: 'graphql', input: 'src/graphql/index.ts' },
].filter(entry => existsSync(entry.input));

const external = id =>
  /^(@preact\/signals-core|path-to-regexp|solid-js|@solidjs\/web|vue|@vue\/devtools-api|idb-keyval)(\/|$)/.test(id) ||
  id === 'rest-signals' ||
  /^(rest-signals\/|@solidjs\/testing-library$|@vue\/test-utils$)/.test(id) ||
  // the Nuxt module and its runtime plugin: Nuxt's kit and the app's virtual modules
  /^(nuxt\/|#app$|#build\/)/.test(id);

// CommonJS consumers under `"module": "node16"` / `nodenext` resolve the `require` condition's types,
// which must be a `.d.cts` file (a `.d.ts` in a `"type": "module"` package is ESM-only: TS1479). The
// declarations are the same text: imports of `rest-signals` inside them resolve by the importer's mode.
// Peers such as solid-js ship ESM-only declarations, which a `.d.cts` may not `import` under node16
// (TS1479 inside our file); a type-only import with `resolution-mode: import` may (named, or a
// namespace: `typeof import('solid-js')` becomes one). The package's own name keeps the require
// mode, so it resolves to the sibling `.d.cts`.
const importTypesAsEsm = code =>
  code
    .replace(/^import \{([^}]*)\} from '([^']+)';$/gm, (line, names, from) =>
      /^rest-signals(\/|$)/.test(from) ? line : `import type {${names}} from '${from}' with { 'resolution-mode': 'import' };`)
    .replace(/^import \* as (\w+) from '([^']+)';$/gm, (line, name, from) =>
      /^rest-signals(\/|$)/.test(from) ? line : `import type * as ${name} from '${from}' with { 'resolution-mode': 'import' };`);

const cjsTypes = {
  name: 'cjs-types',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type === 'chunk' && file.fileName.endsWith('.d.ts')) {
        this.emitFile({ type: 'asset', fileName: file.fileName.replace(/\.d\.ts$/, '.d.cts'), source: importTypesAsEsm(file.code) });
      }
    }
  },
};

// The runtime files drop the documentation comments: readers get them from the `.d.ts` files and,
// through the source maps, from `src/`; shipped twice more (ESM and CommonJS) they were about 90 KB
// of the tarball. The code itself is neither compressed nor mangled (it stays readable in a
// debugger), and pure-call annotations (`preserve_annotations`) stay so app bundlers can still drop unused exports.
const stripComments = terser({
  compress: false,
  mangle: false,
  format: { beautify: true, indent_level: 2, comments: false, preserve_annotations: true },
});

// Terser, printing `return /* @__PURE__ */ Object.create(null)` (esbuild marks the call pure), moves
// the annotation before `return`, where it annotates nothing and where every app's Rollup or
// Rolldown build warns about it (INVALID_ANNOTATION, once per such module). An annotation alone
// on its line is blanked with as many spaces, so no line or column moves and the source map stays
// exact; the call keeps no annotation, which a returned value never needed (nothing can drop it).
const misplacedAnnotation = /^([ \t]*)\/\* @__PURE__ \*\/[ \t]*$/gm;
const annotationsInPlace = {
  name: 'annotations-in-place',
  renderChunk(code) {
    const out = code.replace(misplacedAnnotation, (line, indent) => indent + ' '.repeat(line.length - indent.length));
    return out === code ? null : { code: out, map: null };
  },
};

// Source maps without `names`: nothing is mangled, so each name a map would give is the name the
// code already shows (a deconflicted `isValues$1` at most). Dropping the names array and each
// segment's name index makes the maps about 30 % smaller (160 KB of the tarball) and loses nothing
// a debugger shows. Segments are base64 VLQ: the first four values (column, source, line, column)
// stay, the fifth (name) goes.
const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const withoutNames = mappings =>
  mappings.split(';').map(line => line.split(',').map(segment => {
    let values = 0;
    let end = 0;
    // a digit without the continuation bit (32) ends a value
    while (end < segment.length && values < 4) if ((VLQ.indexOf(segment[end++]) & 32) === 0) values++;
    return segment.slice(0, end);
  }).join(',')).join(';');
const leanMaps = {
  name: 'lean-maps',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'asset' || !file.fileName.endsWith('.map')) continue;
      const map = JSON.parse(String(file.source));
      file.source = JSON.stringify({ ...map, names: [], mappings: withoutNames(map.mappings) });
    }
  },
};

// Adapters import the core as `rest-signals` so the built adapter and the built core share one module.
const coreAlias = {
  name: 'core-alias',
  resolveId(source, importer) {
    if (importer && /src\/adapters\//.test(importer) && /(\.\.\/)+core\/index\.js$/.test(source)) {
      return { id: 'rest-signals', external: true };
    }
    // devtools import the core by its name too; the Vue adapter reaches devtools only through a dynamic import
    if (importer && /src\/devtools\//.test(importer) && /(\.\.\/)+core\/index\.js$/.test(source)) {
      return { id: 'rest-signals', external: true };
    }
    // the pure functions (normalizr) and the GraphQL entry take the app's one core
    if (importer && /src\/(normalizr|graphql)\//.test(importer) && /(\.\.\/)+core\/index\.js$/.test(source)) {
      return { id: 'rest-signals', external: true };
    }
    if (importer && /src\/adapters\//.test(importer) && /(\.\.\/)+devtools\/index\.js$/.test(source)) {
      return { id: 'rest-signals/devtools', external: true };
    }
    // the test utilities share the app's core and adapters (one store, one provider context)
    if (importer && /src\/test\//.test(importer)) {
      if (/(\.\.\/)+core\/index\.js$/.test(source)) return { id: 'rest-signals', external: true };
      if (/(\.\.\/)+adapters\/solid\/index\.js$/.test(source)) return { id: 'rest-signals/solid', external: true };
      if (/(\.\.\/)+adapters\/vue\/index\.js$/.test(source)) return { id: 'rest-signals/vue', external: true };
      if (/src\/test\/(solid|vue)\//.test(importer) && source === '../index.js') return { id: 'rest-signals/test', external: true };
    }
    return null;
  },
};

// The Nuxt runtime plugin is compiled by the app's own build (it imports `#app` and a build
// template), so it ships as one ESM file beside the module, without types of its own.
const nuxtPlugin = existsSync('src/nuxt/plugin.ts')
  ? [{
      input: 'src/nuxt/plugin.ts',
      external,
      plugins: [esbuild({ target: 'es2022', tsconfig: 'tsconfig.json' }), leanMaps],
      output: { file: `${outDir}/nuxt-plugin.js`, format: 'es', sourcemap: true, sourcemapExcludeSources: true },
    }]
  : [];

// The ESM build keeps one file per source module under `lib/` (as `src/` lays them out), and each
// entry named in `exports` (`index.js`, `vue.js`, …) is a file that re-exports its entry module by name.
// Bundled into one file, the core was one module to an app's bundler: `sideEffects: false` can drop
// whole files, but inside one file a top-level statement with a side effect (a static block, a
// registration) keeps what it touches, so apps paid for code they never import. Per module, the
// bundler drops what the app does not reach, as it does from the sources. All entries are built
// together so a module that two entries reach is one file (one instance: `dev/warn`'s once-only set).
// CommonJS stays one file per entry: `require` cannot drop unused exports anyway.
const esmEntryFacades = {
  name: 'esm-entry-facades',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
      const entry = entries.find(e => chunk.facadeModuleId?.endsWith(e.input));
      if (!entry) continue;
      // `*rest-signals` marks an `export * from 'rest-signals'` of the entry: re-exported as a whole
      const names = chunk.exports.filter(n => n !== 'default' && !n.startsWith('*'));
      const from = JSON.stringify(`./${chunk.fileName}`);
      const lines = [];
      if (names.length) lines.push(`export { ${names.join(', ')} } from ${from};`);
      if (chunk.exports.some(n => n.startsWith('*'))) lines.push(`export * from ${from};`);
      if (chunk.exports.includes('default')) lines.push(`export { default } from ${from};`);
      if (!lines.length) lines.push(`import ${from};`);
      this.emitFile({ type: 'asset', fileName: `${entry.name}.js`, source: `${lines.join('\n')}\n` });
    }
  },
};

const configs = [...nuxtPlugin,
  {
    input: entries.filter(e => !e.bundled).map(e => e.input),
    external,
    plugins: [coreAlias, esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', jsx: 'preserve' }), stripComments, annotationsInPlace, esmEntryFacades, leanMaps],
    // Maps point into `src/`, which the package ships, instead of embedding every source twice.
    output: {
      dir: outDir, format: 'es', preserveModules: true, preserveModulesRoot: 'src',
      entryFileNames: 'lib/[name].js', sourcemap: true, sourcemapExcludeSources: true,
    },
  },
  ...entries.flatMap(({ name, input, bundled }) => [
  {
    input,
    external,
    plugins: [coreAlias, esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', jsx: 'preserve' }), stripComments, annotationsInPlace, leanMaps],
    output: [
      ...(bundled ? [{ dir: outDir, entryFileNames: `${name}.js`, format: 'es', sourcemap: true, sourcemapExcludeSources: true }] : []),
      // What an entry loads with `import()` (features loaded when first used: error-body
      // excerpts, the retry policy) stays a chunk of its own under `chunks/`.
      { dir: outDir, entryFileNames: `${name}.cjs`, chunkFileNames: 'chunks/[name]-[hash].cjs', format: 'cjs', sourcemap: true, sourcemapExcludeSources: true, exports: 'named' },
    ],
  },
  {
    input,
    external,
    // `@internal` members (constructors over the store) stay out of the declarations, as Vue's build does
    plugins: [coreAlias, dts({ tsconfig: 'tsconfig.json', compilerOptions: { stripInternal: true } }), cjsTypes],
    output: { file: `${outDir}/${name}.d.ts`, format: 'es' },
  },
]),
];

for (const config of configs) config.plugins = [...config.plugins, recordWrites];
configs.at(-1).plugins.push(pruneStale);
export default configs;
