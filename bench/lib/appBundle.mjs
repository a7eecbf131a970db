// What an app pays to import a library: esbuild bundles a one-line entry the way an app's
// production build does (NODE_ENV=production, minified, the framework external, everything else
// bundled in) and measures what the page loads up front: the entry chunk and the chunks it imports
// statically. Chunks reached only through `import()` (the lazily loaded devtools) are listed apart.
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The app imports the bundle goal is about (issue 18; Solid 2's beside Solid 1's), and the core's typical import. */
export const APP_IMPORTS = {
  solid: "export { resource, Entity } from 'rest-signals'; export { DataProvider, useSuspense, useDLE, useController } from 'rest-signals/solid';",
  solid2: "export { resource, Entity } from 'rest-signals'; export { DataProvider, useSuspense, useDLE, useController } from 'rest-signals/solid2';",
  vue: "export { resource, Entity } from 'rest-signals'; export { DataClientPlugin, useSuspense, useDLE, useController } from 'rest-signals/vue';",
  core: "export { resource, Entity, createDataClient } from 'rest-signals';",
};

/** The frameworks an app provides itself; everything else is bundled. */
export const FRAMEWORKS = ['solid-js', 'solid-js/*', '@solidjs/*', 'vue', '@vue/*'];

/** Where each entry of the package lives in its sources (the build maps them 1:1 to dist/). */
const SOURCES = { index: 'src/core/index.ts', solid: 'src/adapters/solid/index.ts', solid2: 'src/adapters/solid2/index.ts', vue: 'src/adapters/vue/index.ts', devtools: 'src/devtools/index.ts' };

/**
 * A lazy chunk an app loads only when it asks for that feature (the devtools panel, IndexedDB
 * persistence through idb-keyval), not in normal use (fetching, mutations, errors, retries).
 */
export const isOptionalChunk = c => /devtools|idb-keyval/i.test(`${c.entry ?? ''} ${c.inputs.join(' ')}`);

/**
 * `rest-signals` and its subpaths resolve to the built package (`dist/`, as through its exports
 * map), or with `from: 'src'` to the sources, so a test sees which source modules an app pays for.
 */
const selfPackage = from => ({
  name: 'rest-signals',
  setup(build) {
    build.onResolve({ filter: /^rest-signals(\/|$)/ }, args => {
      const entry = args.path === 'rest-signals' ? 'index' : args.path.slice('rest-signals/'.length);
      return { path: from === 'src' ? `${root}${SOURCES[entry]}` : `${root}dist/${entry}.js` };
    });
  },
});

/**
 * Bundles `contents` (an ES module entry; `from`: `'dist'` or `'src'`; `external`: what the app
 * provides itself, `FRAMEWORKS` by default; `plugins`: more esbuild resolvers) for production and returns the gzip (level 9) bytes of
 * what loads up front, the minified bytes and brotli bytes, that code itself (`text`), the input
 * files that made it, and the bytes of lazily loaded chunks; `chunks` lists each lazy chunk (its
 * name, the module it was made for, its gzip bytes and its input files).
 * @example
 * const { gzip, inputs } = await appBundle(APP_IMPORTS.solid);
 */
export async function appBundle(contents, { from = 'dist', external = FRAMEWORKS, plugins = [] } = {}) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: '/virtual-out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external,
    // bare imports of sources outside the project (an anchor built from its repository) resolve here too
    nodePaths: [`${root}node_modules`],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [...plugins, selfPackage(from)],
  });
  const files = new Map(result.outputFiles.map(f => [f.path.slice(f.path.indexOf('/virtual-out/') + 1), f.contents]));
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find(k => outputs[k].entryPoint !== undefined);
  const upfront = new Set();
  const visit = name => {
    if (upfront.has(name)) return;
    upfront.add(name);
    for (const i of outputs[name].imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(entry);
  const code = Buffer.concat([...upfront].map(name => Buffer.from(files.get(name.replace(/^.*virtual-out\//, 'virtual-out/')) ?? [])));
  const inputs = new Map();
  for (const name of upfront) {
    for (const [file, { bytesInOutput }] of Object.entries(outputs[name].inputs)) inputs.set(file, (inputs.get(file) ?? 0) + bytesInOutput);
  }
  let lazy = 0;
  let lazyGzip = 0;
  const chunks = [];
  for (const name of Object.keys(outputs)) {
    if (upfront.has(name) || !name.endsWith('.js')) continue;
    const gzip = gzipSync(files.get(name.replace(/^.*virtual-out\//, 'virtual-out/')) ?? Buffer.alloc(0), { level: 9 }).length;
    lazy += outputs[name].bytes;
    lazyGzip += gzip;
    const chunkInputs = Object.entries(outputs[name].inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([file]) => file);
    chunks.push({ name: name.replace(/^.*virtual-out\//, ''), entry: outputs[name].entryPoint, gzip, inputs: chunkInputs });
  }
  const gzip = gzipSync(code, { level: 9 }).length;
  return {
    gzip,
    withChunks: gzip + chunks.filter(c => !isOptionalChunk(c)).reduce((n, c) => n + c.gzip, 0),
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    min: code.length,
    text: code.toString('utf8'),
    inputs,
    lazy,
    lazyGzip,
    chunks,
    metafile: result.metafile,
  };
}
