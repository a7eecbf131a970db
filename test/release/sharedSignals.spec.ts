// The packed tarball, installed into a fresh app that already depends on another compatible
// release of @preact/signals-core (1.14.4; rest-signals is developed against 1.14.5), shares the
// app's copy: npm installs one signals-core, and the app's own `effect` tracks a `client.dle`
// view over a real loopback server. With an exact pin (`"1.14.5"`) npm would nest a second copy
// under rest-signals, and the app's `effect` would not see rest-signals' signals change.
// Needs dist/ (`npm run build`); installs from the registry through npm's cache.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const APP_SIGNALS = '1.14.4';
const work = mkdtempSync(join(tmpdir(), 'rest-signals-shared-'));
const app = join(work, 'app');
let server: TestServer;

/** Every installed copy of a package under `dir/node_modules`, as `path → version`. */
function copies(dir: string, name: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const scoped = entry.startsWith('@') ? readdirSync(join(modules, entry)).map(e => `${entry}/${e}`) : [entry];
      for (const pkg of scoped) {
        const path = join(modules, pkg);
        if (pkg === name) found[path.slice(dir.length + 1)] = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')).version;
        walk(join(path, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  server = await createTestServer();
  server.resource('/todos', [{ id: 1, title: 'Share one signals-core', completed: false }]);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, timeout: 60_000 });
  const tarball = join(work, JSON.parse(stdout)[0].filename);
  const { execSync } = await import('node:child_process');
  execSync(`mkdir -p ${app}`);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module', dependencies: { '@preact/signals-core': APP_SIGNALS } }));
  // the app's own signals-core first (its lockfile would hold it), then the library beside it
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', `@preact/signals-core@${APP_SIGNALS}`], { cwd: app, timeout: 120_000 });
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball], { cwd: app, timeout: 120_000 });
}, 300_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('an app with another compatible @preact/signals-core', () => {
  it('gets one copy: the app\'s, which rest-signals uses too', () => {
    expect(copies(app, '@preact/signals-core')).toEqual({ 'node_modules/@preact/signals-core': APP_SIGNALS });
    const installed = JSON.parse(readFileSync(join(app, 'node_modules/rest-signals/package.json'), 'utf8'));
    expect(installed.dependencies['@preact/signals-core']).toMatch(/^\^1\./);
  });

  it('tracks a client.dle view with its own effect, through a write and a refetch', async () => {
    writeFileSync(join(app, 'main.mjs'), `
      import { effect } from '@preact/signals-core';
      import { Entity, createDataClient, resource } from 'rest-signals';
      class Todo extends Entity { id = 0; title = ''; completed = false; static key = 'Todo'; }
      const TodoResource = resource({ urlPrefix: process.env.API, path: '/todos/:id', schema: Todo });
      const client = createDataClient();
      const view = client.dle(TodoResource.get, { id: 1 });
      const seen = [];
      const stop = effect(() => {
        const { data, loading } = view.value;
        seen.push(loading ? 'loading' : data?.title);
      });
      await new Promise(resolve => { const s = view.subscribe(v => { if (v.data) { resolve(); queueMicrotask(() => s()); } }); });
      client.controller.set(Todo, { id: 1 }, t => ({ ...t, title: 'written locally' }));
      await client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'from the server' });
      stop();
      client.destroy();
      console.log(JSON.stringify(seen));
    `);
    const { stdout } = await run(process.execPath, ['main.mjs'], { cwd: app, env: { ...process.env, API: server.url }, timeout: 60_000 });
    expect(JSON.parse(stdout)).toEqual(['loading', 'Share one signals-core', 'written locally', 'from the server']);
  });
});
