// `node bench/lib/bundleBreakdown.mjs [core|solid|vue] [--exports a,b,c]`: which source files the
// bundle-size case pays for. Bundles the entry from `src/` the way bench/cases/bundle.mjs bundles
// `dist/` (same esbuild transform as rollup.config.mjs, node-resolve, terser), with a source map
// through every step, then attributes each minified byte to the source file its mapping segment
// points at. Gzip does not split by file, so two estimates are shown: `~gzip`, the file's share of
// the minified bytes times the whole bundle's gzip size, and `-gzip`, how much the gzip shrinks
// when that file's bytes are cut out (the marginal cost; repeated code costs little there).
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import resolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import terser from '@rollup/plugin-terser';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What each bench case bundles: the entry's exports and what stays external. */
const TARGETS = {
  core: { input: 'src/core/index.ts', exports: ['resource', 'Entity', 'createDataClient'], external: () => false },
  solid: { input: 'src/adapters/solid/index.ts', exports: '*', external: id => /^(solid-js|rest-signals|@preact\/signals-core)(\/|$)/.test(id) },
  vue: { input: 'src/adapters/vue/index.ts', exports: '*', external: id => /^(vue|@vue\/|rest-signals|@preact\/signals-core)(\/|$)/.test(id) },
};

// Adapters import the core as `rest-signals` (see rollup.config.mjs).
const coreAlias = {
  name: 'core-alias',
  resolveId(source, importer) {
    if (importer && /src\/adapters\//.test(importer) && /(\.\.\/)+core\/index\.js$/.test(source)) {
      return { id: 'rest-signals', external: true };
    }
    return null;
  },
};

/**
 * Bundles `exports` of `input` and returns the minified code, its gzip size and the minified
 * bytes per source file (paths relative to the repository) and the tagged pieces of code.
 * @example
 * const { min, gzip, files } = await breakdown(TARGETS.core);
 */
export async function breakdown({ input, exports, external }) {
  const entry = `${root}${input}`;
  const code = exports === '*'
    ? `export * from ${JSON.stringify(entry)};`
    : `export { ${exports.join(', ')} } from ${JSON.stringify(entry)};`;
  const bundle = await rollup({
    input: 'bench-entry',
    external,
    onwarn: () => {},
    plugins: [
      { name: 'entry', resolveId: id => (id === 'bench-entry' ? id : null), load: id => (id === 'bench-entry' ? code : null) },
      coreAlias,
      esbuild({ target: 'es2022', tsconfig: `${root}tsconfig.json`, jsx: 'preserve', sourceMap: true }),
      resolve({ exportConditions: ['module', 'import', 'default'], browser: true }),
      commonjs(),
      terser({ ecma: 2020, module: true, compress: { passes: 2 } }),
    ],
  });
  const { output } = await bundle.generate({ format: 'es', sourcemap: true });
  await bundle.close();
  const { code: min, map } = output[0];
  // The minified code cut into pieces, each tagged with the source file its bytes come from.
  const lines = min.split('\n');
  const pieces = [];
  decode(map.mappings).forEach((segments, line) => {
    const text = lines[line] ?? '';
    let start = 0;
    let file = '(unmapped)';
    for (const segment of segments) {
      pieces.push([file, text.slice(start, segment[0])]);
      start = segment[0];
      file = segment.length > 1 ? map.sources[segment[1]] : '(unmapped)';
    }
    pieces.push([file, `${text.slice(start)}\n`]);
  });
  const bytes = new Map();
  for (const [file, text] of pieces) bytes.set(file, (bytes.get(file) ?? 0) + Buffer.byteLength(text));
  const minBytes = Buffer.byteLength(min);
  const gzip = gzipSync(min, { level: 9 }).length;
  // Marginal cost: how much smaller the gzip would be without this file's bytes.
  const without = file => gzipSync(pieces.filter(([f]) => f !== file).map(([, text]) => text).join(''), { level: 9 }).length;
  const files = [...bytes]
    .map(([file, n]) => ({ file: tidy(file), min: n, gzip: Math.round((n / minBytes) * gzip), marginal: gzip - without(file) }))
    .sort((a, b) => b.min - a.min);
  return { code: min, min: minBytes, gzip, files, pieces };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decodes a source map's `mappings` into, per generated line, `[column, sourceIndex?]` segments
 * (absolute values; names and original positions are not needed here).
 * @example
 * decode('AAAA,CAAC;AACA'); // [[[0, 0], [1, 0]], [[0, 0]]]
 */
function decode(mappings) {
  let source = 0;
  return mappings.split(';').map(line => {
    let column = 0;
    return line.split(',').filter(Boolean).map(segment => {
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        shift += 5;
        if (digit & 32) continue;
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0];
      if (fields.length === 1) return [column];
      source += fields[1];
      return [column, source];
    });
  });
}

/** Source paths as rollup reports them, made relative to the repository (node_modules shortened). */
function tidy(file) {
  if (file.startsWith('(')) return file;
  const path = relative(root, fileURLToPath(new URL(file, `file://${root}bench-entry`)));
  return path.replace(/^(\.\.\/)*node_modules\//, 'node_modules/');
}

/** Prints the per-file table, then the per-folder totals. */
function print(name, { min, gzip, files }) {
  console.log(`\n${name}: min ${min} B, min+gzip ${gzip} B`);
  console.log('  min B   ~gzip B   -gzip B  file');
  for (const f of files) {
    console.log(`${String(f.min).padStart(7)} ${String(f.gzip).padStart(9)} ${String(f.marginal).padStart(9)}  ${f.file}`);
  }
  const folders = new Map();
  for (const f of files) {
    const folder = f.file.startsWith('node_modules/') ? f.file.split('/').slice(0, f.file.startsWith('node_modules/@') ? 3 : 2).join('/') : f.file.replace(/\/[^/]*$/, '');
    folders.set(folder, (folders.get(folder) ?? 0) + f.min);
  }
  console.log('  by folder:');
  for (const [folder, n] of [...folders].sort((a, b) => b[1] - a[1])) {
    console.log(`${String(n).padStart(7)} ${String(Math.round((n / min) * gzip)).padStart(9)}  ${folder}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--exports');
  const only = flag >= 0 ? args.splice(flag, 2)[1].split(',') : null;
  const names = args.length ? args : Object.keys(TARGETS);
  for (const name of names) {
    const target = { ...TARGETS[name], ...(only ? { exports: only } : {}) };
    print(only ? `${name} {${only.join(', ')}}` : name, await breakdown(target));
  }
}
