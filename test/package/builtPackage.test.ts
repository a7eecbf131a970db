// The package as users install it: build it, then import it by name through the `exports` map
// (Node resolves a package's own name from inside it), in ESM and CommonJS, and run the README
// quickstart against the playground server.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundServer } from '../../playground/server/index.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const node = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 });

/** The names API.md fixes for the core entry. */
const CORE_NAMES = [
  'Entity', 'EntityMixin', 'Collection', 'Union', 'Invalidate', 'Query', 'All', 'Values', 'Array', 'schema',
  'Endpoint', 'RestEndpoint', 'resource', 'NetworkError', 'removeLastArg', 'normalize', 'denormalize',
  'createDataClient', 'Controller', 'NetworkManager', 'SubscriptionManager', 'PollingSubscription',
  'LogoutManager', 'getDefaultManagers',
];
const SOLID_NAMES = ['DataProvider', 'useController', 'useSuspense', 'useDLE', 'useCache', 'useQuery', 'useLive',
  'useSubscription', 'useLoading', 'useCancelling', 'useDebounce', 'hookifyResource'];
const VUE_NAMES = ['DataClientPlugin', 'useController', 'useSuspense', 'useDLE', 'useCache', 'useQuery', 'useLive',
  'useSubscription', 'useLoading', 'useCancelling', 'useDebounce', 'hookifyResource'];

beforeAll(async () => {
  await run('npx', ['rollup', '-c', 'rollup.config.mjs', '--silent'], { cwd: root, timeout: 120_000 });
}, 150_000);

describe('the built package', () => {
  it.each([
    ['rest-signals', CORE_NAMES],
    ['rest-signals/solid', SOLID_NAMES],
    ['rest-signals/vue', VUE_NAMES],
  ])('%s exports its API.md names in ESM and CommonJS', async (entry, names) => {
    const esm = await node(['--input-type=module', '-e', `const m = await import('${entry}'); console.log(JSON.stringify(Object.keys(m)))`]);
    const cjs = await node(['-e', `console.log(JSON.stringify(Object.keys(require('${entry}'))))`]);
    expect(JSON.parse(esm.stdout)).toEqual(expect.arrayContaining(names));
    expect(JSON.parse(cjs.stdout)).toEqual(expect.arrayContaining(names));
    const schemaNs = await node(['--input-type=module', '-e', `const { schema } = await import('rest-signals'); console.log(Object.keys(schema).sort().join())`]);
    expect(schemaNs.stdout.trim()).toBe('All,Array,Collection,Entity,Invalidate,Object,Query,Union,Values');
  });

  it('ships types for every entry and marks itself side-effect free', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    for (const entry of Object.keys(pkg.exports).filter(e => e !== './package.json')) {
      // ESM declarations for `import`, CommonJS ones (.d.cts) for `require`.
      for (const [condition, ext] of [['import', '.d.ts'], ['require', '.d.cts']] as const) {
        const file: string = pkg.exports[entry][condition].types;
        expect(file.endsWith(ext), `${entry} ${condition} types`).toBe(true);
        expect(readFileSync(`${root}${file}`, 'utf8').length).toBeGreaterThan(1000);
      }
    }
    expect(readFileSync(`${root}dist/index.d.ts`, 'utf8')).toMatch(/declare function createDataClient/);
  });

  it('importing the core loads neither Solid nor Vue; adapters share the core by its package name', () => {
    for (const file of ['index.js', 'index.cjs']) {
      const code = readFileSync(`${root}dist/${file}`, 'utf8');
      expect(code).not.toMatch(/from ['"](solid-js|vue)|require\(['"](solid-js|vue)/);
    }
    expect(readFileSync(`${root}dist/solid.js`, 'utf8')).toMatch(/from ['"]rest-signals['"]/);
    expect(readFileSync(`${root}dist/vue.js`, 'utf8')).toMatch(/from ['"]rest-signals['"]/);
    expect(readFileSync(`${root}dist/solid.js`, 'utf8')).not.toMatch(/from ['"]vue['"]/);
  });

  describe('README quickstart against the playground server', () => {
    let server: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      server = await createPlaygroundServer({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => server.close());

    it('runs as written and shows the optimistic toggle committed on the server', async () => {
      const api = `${server.url.replace(/\/$/, '')}/api`;
      const before = (await (await fetch(`${api}/tasks?projectId=1&status=todo`)).json()) as { id: number; done: boolean }[];
      const { stdout } = await run('npx', ['tsx', 'examples/quickstart.ts'], {
        cwd: root,
        env: { ...process.env, API_URL: api },
        timeout: 60_000,
      });
      expect(stdout).toMatch(/^loading…$/m);
      expect(stdout).toContain(`#${before[0]!.id} `);
      const after = (await (await fetch(`${api}/tasks/${before[0]!.id}`)).json()) as { done: boolean };
      expect(after.done).toBe(!before[0]!.done);
      // the effect printed the list again, first with the optimistic value
      const firstLines = stdout.split('\n').filter(l => l.includes(`#${before[0]!.id} `));
      expect(firstLines.length).toBeGreaterThanOrEqual(2);
      expect(firstLines.at(-1)).toContain(after.done ? '[x]' : '[ ]');
    });
  });
});
