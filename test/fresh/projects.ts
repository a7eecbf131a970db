// The projects of the fresh-install matrix, each made from nothing as a user starts one: a
// package.json whose ranges take the newest versions (`latest`, or the major a framework needs),
// the packed tarball as `rest-signals`, and the few files of a small app that renders a list.
// `__API_URL__` is defined at build time for the server-rendered apps; the browser apps read the
// list from their own origin.
import { readFileSync } from 'node:fs';
import type { NodeMajor, PmName } from './toolchain.js';

/** Whether the package has its Solid 2 adapter (`rest-signals/solid2`): the Solid 2 app then renders through it. */
const SOLID2_ADAPTER = './solid2' in (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> }).exports;

/** A binary of the project's own dependencies, then its arguments. */
export type BinCommand = readonly [bin: string, ...args: string[]];

export interface Project {
  readonly name: string;
  /** The Node the package managers and tools run under: the oldest its framework supports. */
  readonly node: NodeMajor;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly type?: 'module' | 'commonjs';
  readonly files: Readonly<Record<string, string>>;
  /** The rest-signals entries the project uses: each must import under every package manager. */
  readonly entries: readonly string[];
  /** How the entries are loaded: `import()` or `require()`. */
  readonly loader: 'import' | 'require';
  /** Optional libraries that rest-signals' own files must reach (declared only in peerDependenciesMeta). */
  readonly reachFromRestSignals?: readonly { entry: string; dependency: string }[];
  /** Packages whose install scripts a pnpm user approves (`allowBuilds` in pnpm-workspace.yaml): the framework's, never rest-signals'. */
  readonly pnpmBuilds?: readonly string[];
  /** The package manager of the deep checks (typecheck, build, page); the others install and import. */
  readonly deepPm: PmName;
  readonly typecheck?: readonly BinCommand[];
  readonly build?: BinCommand;
  /** How the page is served: the built files beside the API, a server of its own, or a Node script's output. */
  readonly render?: { kind: 'static'; dir: string } | { kind: 'server'; start: readonly string[] } | { kind: 'script'; file: string };
  /** Package managers under which the framework's own tools do not run (a limitation of the framework, not of rest-signals). */
  readonly toolsFailUnder?: Readonly<Partial<Record<PmName, string>>>;
  /** Installed packages whose versions the supported-versions table must cover, by its row name. */
  readonly versions: Readonly<Record<string, string>>;
}

/** The list the API serves and every page must render. */
export const TODOS = [
  { id: 1, title: 'Install from the registry', done: false },
  { id: 2, title: 'Build the app', done: false },
  { id: 3, title: 'Render the list', done: true },
];

const ENTITY = `export class Todo extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'Todo';
}`;

/** A typed use of the core, checked by tsc in every project that has TypeScript (the function is never called). */
const TYPED_CORE = (urlPrefix: string) => `${ENTITY}

export const TodoResource = resource({ urlPrefix: ${urlPrefix}, path: '/todos/:id', schema: Todo });

export async function typedUse(): Promise<Todo[]> {
  const one: Todo = await TodoResource.get({ id: 1 });
  // @ts-expect-error a path parameter is required
  await TodoResource.get({});
  return [one, ...(await TodoResource.getList())];
}
`;

const SCRIPT_READS = `const client = createDataClient();
const todos = await client.controller.fetch(TodoResource.getList);
console.log(JSON.stringify(todos.map(t => t.title)));
client.destroy();`;

const VITE_HTML = (main: string) =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>\n<body><div id="app"></div><script type="module" src="/src/${main}"></script></body></html>\n`;

const STRICT = { strict: true, noEmit: true, skipLibCheck: true, target: 'ES2022' };
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const PROJECTS: readonly Project[] = [
  {
    name: 'empty',
    node: 20,
    dependencies: {},
    files: {},
    entries: ['rest-signals'],
    loader: 'import',
    deepPm: 'npm11',
    versions: {},
  },
  {
    name: 'node-esm',
    node: 20,
    type: 'module',
    dependencies: {},
    devDependencies: { typescript: 'latest' },
    files: {
      'main.mjs': `import { Entity, createDataClient, resource } from 'rest-signals';
import { normalize } from 'rest-signals/normalizr';
import { createMockClient } from 'rest-signals/test';
import { GQLEndpoint } from 'rest-signals/graphql';
class Todo extends Entity { id = 0; title = ''; done = false; static key = 'Todo'; }
const TodoResource = resource({ urlPrefix: process.env.API_URL, path: '/todos/:id', schema: Todo });
if (typeof normalize !== 'function' || typeof createMockClient !== 'function' || typeof GQLEndpoint !== 'function') throw new Error('an entry lacks its exports');
${SCRIPT_READS}
`,
      'typed.ts': `import { Entity, createDataClient, resource } from 'rest-signals';
import { normalize, denormalize } from 'rest-signals/normalizr';
${TYPED_CORE("'http://127.0.0.1:1'")}
const normalized = normalize([Todo], [{ id: 1, title: 'a' }]);
export const todos = denormalize([Todo], normalized.result, normalized.entities);
export const client = createDataClient();
`,
      'tsconfig.json': json({ compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2023', 'DOM'], types: [] }, files: ['typed.ts'] }),
    },
    entries: ['rest-signals', 'rest-signals/normalizr', 'rest-signals/test', 'rest-signals/graphql', 'rest-signals/devtools'],
    loader: 'import',
    deepPm: 'npm10',
    typecheck: [['tsc', '--noEmit', '-p', '.']],
    render: { kind: 'script', file: 'main.mjs' },
    versions: { TypeScript: 'typescript' },
  },
  {
    name: 'node-cjs',
    node: 20,
    type: 'commonjs',
    dependencies: {},
    devDependencies: { typescript: 'latest' },
    files: {
      'main.cjs': `const { Entity, createDataClient, resource } = require('rest-signals');
const { normalize } = require('rest-signals/normalizr');
const { createMockClient } = require('rest-signals/test');
class Todo extends Entity { id = 0; title = ''; done = false; static key = 'Todo'; }
const TodoResource = resource({ urlPrefix: process.env.API_URL, path: '/todos/:id', schema: Todo });
if (typeof normalize !== 'function' || typeof createMockClient !== 'function') throw new Error('an entry lacks its exports');
(async () => {
${SCRIPT_READS}
})();
`,
      // a CommonJS module under nodenext: its imports resolve the `require` types (.d.cts)
      'typed.ts': `import { Entity, createDataClient, resource } from 'rest-signals';
import { normalize } from 'rest-signals/normalizr';
${TYPED_CORE("'http://127.0.0.1:1'")}
export const normalized = normalize([Todo], [{ id: 1, title: 'a' }]);
export const client = createDataClient();
`,
      'tsconfig.json': json({ compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2023', 'DOM'], types: [] }, files: ['typed.ts'] }),
    },
    entries: ['rest-signals', 'rest-signals/normalizr', 'rest-signals/test', 'rest-signals/graphql'],
    loader: 'require',
    deepPm: 'yarn1',
    typecheck: [['tsc', '--noEmit', '-p', '.']],
    render: { kind: 'script', file: 'main.cjs' },
    versions: { TypeScript: 'typescript' },
  },
  {
    name: 'vite-vue',
    node: 22, // @vue/test-utils' js-beautify pulls nopt 10, which needs Node >= 22.22 (Yarn 1 refuses it on Node 20)
    type: 'module',
    dependencies: { vue: '^3.5.0' },
    devDependencies: {
      vite: 'latest',
      '@vitejs/plugin-vue': 'latest',
      typescript: '^6.0.0', // vue-tsc needs TypeScript's JS API, which 7 (the native compiler) has not
      'vue-tsc': 'latest',
      '@vue/test-utils': 'latest',
      // @vue/test-utils' own peers, which Yarn does not install for it
      '@vue/compiler-dom': '^3.5.0',
      '@vue/server-renderer': '^3.5.0',
      '@vue/devtools-api': 'latest',
    },
    files: {
      'index.html': VITE_HTML('main.ts'),
      'vite.config.ts': `import vue from '@vitejs/plugin-vue';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [vue()] });\n`,
      'src/api.ts': `import { Entity, resource } from 'rest-signals';\n\n${TYPED_CORE('location.origin')}`,
      'src/App.vue': `<script setup lang="ts">
import { useSuspense } from 'rest-signals/vue';
import { TodoResource } from './api';

const todos = await useSuspense(TodoResource.getList);
</script>

<template>
  <ul>
    <li v-for="todo in todos" :key="todo.id" data-test="todo">{{ todo.title }}</li>
  </ul>
</template>
`,
      'src/Root.vue': `<script setup lang="ts">
import App from './App.vue';
</script>

<template>
  <Suspense><App /></Suspense>
</template>
`,
      'src/main.ts': `import { createApp } from 'vue';
import { DataClientPlugin } from 'rest-signals/vue';
import Root from './Root.vue';

createApp(Root).use(DataClientPlugin).mount('#app');
`,
      'src/env.d.ts': `declare module '*.vue' {\n  import type { DefineComponent } from 'vue';\n  const component: DefineComponent;\n  export default component;\n}\n`,
      'tsconfig.json': json({ compilerOptions: { ...STRICT, module: 'esnext', moduleResolution: 'bundler', lib: ['ES2023', 'DOM'], types: [] }, include: ['src'] }),
    },
    entries: ['rest-signals', 'rest-signals/vue', 'rest-signals/test/vue', 'rest-signals/devtools'],
    loader: 'import',
    reachFromRestSignals: [
      { entry: 'rest-signals/devtools', dependency: '@vue/devtools-api' },
      { entry: 'rest-signals/test/vue', dependency: '@vue/test-utils' },
    ],
    deepPm: 'yarn4',
    typecheck: [['vue-tsc', '--noEmit', '-p', '.']],
    build: ['vite', 'build'],
    render: { kind: 'static', dir: 'dist' },
    versions: { Vue: 'vue', TypeScript: 'typescript' },
  },
  {
    name: 'vite-solid1',
    node: 20,
    type: 'module',
    dependencies: { 'solid-js': '^1.9.0' },
    devDependencies: { vite: 'latest', 'vite-plugin-solid': 'latest', typescript: 'latest', '@solidjs/testing-library': 'latest' },
    files: {
      'index.html': VITE_HTML('main.tsx'),
      'vite.config.ts': `import { defineConfig } from 'vite';\nimport solid from 'vite-plugin-solid';\n\nexport default defineConfig({ plugins: [solid()] });\n`,
      'src/api.ts': `import { Entity, resource } from 'rest-signals';\n\n${TYPED_CORE('location.origin')}`,
      'src/main.tsx': `import { DataProvider, useSuspense } from 'rest-signals/solid';
import { For, Suspense } from 'solid-js';
import { render } from 'solid-js/web';
import { TodoResource } from './api';

function Todos() {
  const todos = useSuspense(TodoResource.getList);
  return <ul><For each={todos()}>{todo => <li data-test="todo">{todo.title}</li>}</For></ul>;
}

render(() => <DataProvider><Suspense><Todos /></Suspense></DataProvider>, document.getElementById('app')!);
`,
      'tsconfig.json': json({ compilerOptions: { ...STRICT, module: 'esnext', moduleResolution: 'bundler', lib: ['ES2023', 'DOM'], jsx: 'preserve', jsxImportSource: 'solid-js', types: [] }, include: ['src'] }),
    },
    entries: ['rest-signals', 'rest-signals/solid', 'rest-signals/test/solid'],
    loader: 'import',
    reachFromRestSignals: [{ entry: 'rest-signals/test/solid', dependency: '@solidjs/testing-library' }],
    deepPm: 'pnpm',
    typecheck: [['tsc', '--noEmit', '-p', '.']],
    build: ['vite', 'build'],
    render: { kind: 'static', dir: 'dist' },
    versions: { Solid: 'solid-js', TypeScript: 'typescript' },
  },
  {
    name: 'vite-solid2',
    node: 22, // solid-js 2, @solidjs/web 2 and @solidjs/vite-plugin 3 need Node >= 22.12
    type: 'module',
    dependencies: { 'solid-js': '^2.0.0', '@solidjs/web': '^2.0.0' },
    devDependencies: { vite: 'latest', '@solidjs/vite-plugin': '^3.0.0', typescript: 'latest' },
    files: {
      'index.html': VITE_HTML('main.tsx'),
      'vite.config.ts': `import solid from '@solidjs/vite-plugin';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [solid()] });\n`,
      'src/api.ts': `import { Entity, resource } from 'rest-signals';\n\n${TYPED_CORE('location.origin')}`,
      'src/main.tsx': SOLID2_ADAPTER
        ? `import { render } from '@solidjs/web';
import { For, Loading } from 'solid-js';
import { DataProvider, useSuspense } from 'rest-signals/solid2';
import { TodoResource } from './api';

function Todos() {
  const todos = useSuspense(TodoResource.getList);
  return <ul><For each={todos()}>{todo => <li data-test="todo">{todo.title}</li>}</For></ul>;
}

render(() => <DataProvider><Loading><Todos /></Loading></DataProvider>, document.getElementById('app')!);
`
        : // the core's own signal API read by Solid 2, while the package has no Solid 2 adapter
          `import { render } from '@solidjs/web';
import { createSignal, For } from 'solid-js';
import { createDataClient } from 'rest-signals';
import { TodoResource } from './api';

const client = createDataClient();
const [titles, setTitles] = createSignal<string[]>([]);
void client.controller.fetch(TodoResource.getList).then(todos => setTitles(todos.map(t => t.title)));

render(() => <ul><For each={titles()}>{title => <li data-test="todo">{title}</li>}</For></ul>, document.getElementById('app')!);
`,
      'tsconfig.json': json({ compilerOptions: { ...STRICT, module: 'esnext', moduleResolution: 'bundler', lib: ['ES2023', 'DOM'], jsx: 'preserve', jsxImportSource: '@solidjs/web', types: [] }, include: ['src'] }),
    },
    entries: SOLID2_ADAPTER ? ['rest-signals', 'rest-signals/solid2'] : ['rest-signals'],
    loader: 'import',
    ...(SOLID2_ADAPTER ? { reachFromRestSignals: [{ entry: 'rest-signals/solid2', dependency: '@solidjs/web' }] } : {}),
    deepPm: 'npm11',
    typecheck: [['tsc', '--noEmit', '-p', '.']],
    build: ['vite', 'build'],
    ...(SOLID2_ADAPTER ? { render: { kind: 'static', dir: 'dist' } as const } : {}),
    versions: { Solid: 'solid-js', TypeScript: 'typescript' },
  },
  {
    name: 'nuxt',
    node: 22, // Nuxt 4.5+ needs Node >= 22.19
    type: 'module',
    dependencies: { nuxt: '^4.0.0', vue: '^3.5.0' },
    devDependencies: { typescript: '^6.0.0', 'vue-tsc': 'latest', '@types/node': 'latest' },
    files: {
      // the starter `npm create nuxt` makes: app/app.vue, no pages
      'nuxt.config.ts': `export default defineNuxtConfig({
  modules: ['rest-signals/nuxt'],
  vite: { define: { __API_URL__: JSON.stringify(process.env.API_URL ?? 'http://127.0.0.1:1') } },
  app: { head: { link: [{ rel: 'icon', href: 'data:,' }] } },
  compatibilityDate: '2026-11-01',
  devtools: { enabled: false },
  telemetry: false,
});
`,
      'app/utils/api.ts': `import { Entity, resource } from 'rest-signals';\n\ndeclare const __API_URL__: string;\n\n${TYPED_CORE('__API_URL__')}`,
      'app/app.vue': `<script setup lang="ts">
import { TodoResource } from '~/utils/api';

const todos = await useSuspense(TodoResource.getList);
</script>

<template>
  <ul>
    <li v-for="todo in todos" :key="todo.id" data-test="todo">{{ todo.title }}</li>
  </ul>
</template>
`,
      'tsconfig.json': json({
        files: [],
        references: ['app', 'server', 'shared', 'node'].map(part => ({ path: `./.nuxt/tsconfig.${part}.json` })),
      }),
    },
    entries: ['rest-signals', 'rest-signals/vue', 'rest-signals/nuxt'],
    loader: 'import',
    pnpmBuilds: ['esbuild', '@parcel/watcher'],
    deepPm: 'npm11',
    typecheck: [['nuxt', 'typecheck']],
    build: ['nuxt', 'build'],
    render: { kind: 'server', start: ['.output/server/index.mjs'] },
    toolsFailUnder: { yarn4: "Nuxt's CLI does not run under Yarn Plug'n'Play (`nuxi requires @nuxt/kit to be installed`): Yarn 4 users of Nuxt set `nodeLinker: node-modules`" },
    versions: { Nuxt: 'nuxt', Vue: 'vue', TypeScript: 'typescript' },
  },
  {
    name: 'solid-start',
    node: 24, // @solidjs/start 2 needs Node >= 24
    type: 'module',
    dependencies: { '@solidjs/start': '^2.0.0', '@solidjs/router': '^1.0.0', 'solid-js': '^1.9.0' },
    devDependencies: { vite: 'latest', '@solidjs/vite-plugin-nitro-2': 'latest', typescript: 'latest', '@types/node': 'latest' },
    files: {
      // as examples/solid-start: under npm's layout the bare \`h3\` is SolidStart's h3 2, and Nitro 2's
      // handler needs its own h3 1 (else every request reaches the app as "/" and fails: Invalid URL)
      'vite.config.ts': `import { solidStart } from '@solidjs/start/config';
import { nitroV2Plugin } from '@solidjs/vite-plugin-nitro-2';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const nitroH3 = fileURLToPath(new URL('./node_modules/nitropack/node_modules/h3', import.meta.url));

export default defineConfig({
  plugins: [solidStart(), nitroV2Plugin({ preset: 'node-server', alias: { h3: nitroH3 } })],
  define: { __API_URL__: JSON.stringify(process.env.API_URL ?? 'http://127.0.0.1:1') },
});
`,
      'src/api.ts': `import { Entity, resource } from 'rest-signals';\n\ndeclare const __API_URL__: string;\n\n${TYPED_CORE('__API_URL__')}`,
      'src/app.tsx': `import { Router } from '@solidjs/router';
import { FileRoutes } from '@solidjs/start/router';
import { DataProvider } from 'rest-signals/solid-start';
import { Suspense } from 'solid-js';

export default function App() {
  return (
    <DataProvider>
      <Router root={props => <Suspense>{props.children}</Suspense>}>
        <FileRoutes />
      </Router>
    </DataProvider>
  );
}
`,
      'src/entry-client.tsx': `// @refresh reload
import { mount, StartClient } from '@solidjs/start/client';
import { streamEnd } from 'rest-signals/solid-start';

void streamEnd().then(() => mount(() => <StartClient />, document.getElementById('app')!));
`,
      'src/entry-server.tsx': `// @refresh reload
import { createHandler, StartServer } from '@solidjs/start/server';

export default createHandler(() => (
  <StartServer
    document={({ assets, children, scripts }) => (
      <html lang="en">
        <head><meta charset="utf-8" /><link rel="icon" href="data:," />{assets}</head>
        <body><div id="app">{children}</div>{scripts}</body>
      </html>
    )}
  />
));
`,
      'src/routes/index.tsx': `import { useSuspense } from 'rest-signals/solid';
import { For } from 'solid-js';
import { TodoResource } from '~/api';

export default function Todos() {
  const todos = useSuspense(TodoResource.getList);
  return <ul><For each={todos()}>{todo => <li data-test="todo">{todo.title}</li>}</For></ul>;
}
`,
      'tsconfig.json': json({
        compilerOptions: { ...STRICT, module: 'esnext', moduleResolution: 'bundler', jsx: 'preserve', jsxImportSource: 'solid-js', types: ['@solidjs/start/env', 'node'], paths: { '~/*': ['./src/*'] } },
        include: ['src', 'vite.config.ts'],
      }),
    },
    entries: ['rest-signals', 'rest-signals/solid', 'rest-signals/solid-start'],
    loader: 'import',
    pnpmBuilds: ['esbuild', '@parcel/watcher'],
    deepPm: 'npm11',
    typecheck: [['tsc', '--noEmit', '-p', '.']],
    build: ['vite', 'build'],
    render: { kind: 'server', start: ['.output/server/index.mjs'] },
    versions: { SolidStart: '@solidjs/start', Solid: 'solid-js', TypeScript: 'typescript' },
  },
];

/** The package.json of a project, with the tarball as `rest-signals`. */
export function packageJson(project: Project, tarball: string): string {
  return json({
    name: `fresh-${project.name}`,
    private: true,
    version: '0.0.0',
    ...(project.type ? { type: project.type } : {}),
    dependencies: { 'rest-signals': `file:${tarball}`, ...project.dependencies },
    ...(project.devDependencies ? { devDependencies: project.devDependencies } : {}),
  });
}
