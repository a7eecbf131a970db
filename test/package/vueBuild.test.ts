// A Vue app built by Vite for production from the built package, in a project without the optional
// `@vue/devtools-api`, carries no devtools code: no inspector, no `import('@vue/devtools-api')` (an
// unresolvable import fails Vite's build) and no stub that throws `Could not resolve` (what Vite puts
// in place of a missing optional peer). `devtools: true` is a development feature, as in Vue itself:
// a production build keeps it only when it defines Vue's `__VUE_PROD_DEVTOOLS__` flag as true.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import vue from '@vitejs/plugin-vue';
import { build, type InlineConfig, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'rest-signals-vue-build-'));
const app = join(work, 'app');
const modules = join(app, 'node_modules');

/** What the devtools path leaves in a bundle: the inspector's calls and text, the import, Vite's stub. */
const DEVTOOLS_MARKS = ['addInspector', 'addTimelineLayer', 'type, pk or key', '@vue/devtools-api', 'rest-signals/devtools', 'Could not resolve', 'optional-peer-dep'];

beforeAll(async () => {
  // the package where npm puts it, so its own imports resolve from the app's node_modules only
  const pkg = join(modules, 'rest-signals');
  mkdirSync(pkg, { recursive: true });
  await run('npx', ['rollup', '-c', 'rollup.config.mjs', '--silent'], { cwd: root, env: { ...process.env, REST_SIGNALS_OUT_DIR: join(pkg, 'dist') }, timeout: 300_000 });
  copyFileSync(join(root, 'package.json'), join(pkg, 'package.json'));
  for (const name of ['vue', '@preact/signals-core', 'path-to-regexp', 'idb-keyval']) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  writeFileSync(join(app, 'index.html'), '<!doctype html><div id="app"></div><script type="module" src="/main.js"></script>\n');
}, 360_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Builds `main.js` (the plugin installed with `options`) for production; the text of every chunk. */
async function buildApp(options: string, config: InlineConfig = {}): Promise<string> {
  writeFileSync(
    join(app, 'main.js'),
    `import { createApp, h } from 'vue';
import { DataClientPlugin } from 'rest-signals/vue';
createApp({ render: () => h('p', 'app') }).use(DataClientPlugin${options}).mount('#app');
`,
  );
  // what `vite build` sees from a shell; vitest runs with NODE_ENV=test, which Vite's define would carry
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    root: app,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [vue()],
    build: { write: false, outDir: join(work, 'out') },
    ...config,
  }).finally(() => (process.env.NODE_ENV = nodeEnv));
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap(o => o.output).filter(f => f.type === 'chunk');
  expect(chunks.map(c => c.code).join('\n')).toContain('rest-signals.data-client');
  return chunks.map(c => `// ${c.fileName}\n${c.code}`).join('\n');
}

describe('a production Vite build of a Vue app, without @vue/devtools-api installed', () => {
  it('builds, and holds neither devtools code nor a stub for the missing package', async () => {
    const text = await buildApp('');
    expect(DEVTOOLS_MARKS.filter(mark => text.includes(mark))).toEqual([]);
  }, 120_000);

  it('leaves out the devtools the app asked for with devtools: true (a development feature)', async () => {
    const text = await buildApp(', { devtools: true }');
    expect(DEVTOOLS_MARKS.filter(mark => text.includes(mark))).toEqual([]);
  }, 120_000);

  it('keeps them when the build defines Vue\'s __VUE_PROD_DEVTOOLS__ as true (and @vue/devtools-api is installed)', async () => {
    const text = await buildApp(', { devtools: true }', {
      define: { __VUE_PROD_DEVTOOLS__: 'true' },
      resolve: { alias: { '@vue/devtools-api': join(root, 'node_modules/@vue/devtools-api') } },
    });
    expect(DEVTOOLS_MARKS.filter(mark => text.includes(mark))).toEqual(['addInspector', 'addTimelineLayer', 'type, pk or key']);
  }, 120_000);
});
