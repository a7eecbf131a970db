// Builds every package entry as ESM + CommonJS + a bundled .d.ts.
// Dependencies and framework peers stay external: importing the core never loads Solid or Vue,
// and the adapters import the core through the package's own name so one store is shared.
import { existsSync } from 'node:fs';
import esbuild from 'rollup-plugin-esbuild';
import { dts } from 'rollup-plugin-dts';

const entries = [
  { name: 'index', input: 'src/core/index.ts' },
  { name: 'solid', input: 'src/adapters/solid/index.ts' },
  { name: 'vue', input: 'src/adapters/vue/index.ts' },
].filter(entry => existsSync(entry.input));

const external = id =>
  /^(@preact\/signals-core|path-to-regexp|solid-js|vue|idb-keyval)(\/|$)/.test(id) || id === 'rest-signals';

// Adapters import the core as `rest-signals` so the built adapter and the built core share one module.
const coreAlias = {
  name: 'core-alias',
  resolveId(source, importer) {
    if (importer && /src\/adapters\//.test(importer) && /(\.\.\/)+core\/index\.js$/.test(source)) {
      return { id: 'rest-signals', external: true };
    }
    return null;
  },
};

export default entries.flatMap(({ name, input }) => [
  {
    input,
    external,
    plugins: [coreAlias, esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', jsx: 'preserve' })],
    output: [
      { file: `dist/${name}.js`, format: 'es', sourcemap: true },
      { file: `dist/${name}.cjs`, format: 'cjs', sourcemap: true, exports: 'named' },
    ],
  },
  {
    input,
    external,
    plugins: [coreAlias, dts({ tsconfig: 'tsconfig.json' })],
    output: { file: `dist/${name}.d.ts`, format: 'es' },
  },
]);
