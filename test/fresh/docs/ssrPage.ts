// A server-rendering page (Nuxt, SolidStart), as a newcomer follows it: the page's files in an
// empty folder, its install lines (rest-signals from the packed tarball, no lockfile), its
// `npm run typecheck` and `npm run build`, then its production server against a loopback todo API
// (another origin, behind a CORS front) and Chromium: the list is in the HTML, hydration requests
// nothing, the optimistic toggle shows before the reply (test/fresh/docs/browserCheck.ts).
// The framework's commands run under the Node it needs (test/fresh/toolchain.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeBin, userEnv, type NodeMajor } from '../toolchain.js';
import { checkTodoApp } from './browserCheck.js';
import { runIn, type PageProject, type PageRun } from './project.js';
import { startTodoApi, type TodoApi } from './todoApi.js';

/** A server-rendered page: its Node major, and what its app does beyond the common checks. */
export interface SsrPage {
  readonly name: string;
  readonly page: string;
  readonly node: NodeMajor;
  readonly more?: (page: Page, api: TodoApi) => Promise<void>;
}

/**
 * Registers the tests of one server-rendering page.
 * @example describeSsrPage({ name: 'SolidStart', page: 'guide/solid-start.md', node: 24 }, run);
 */
export function describeSsrPage({ name, page, node, more }: SsrPage, run: PageRun): void {
  describe(`${name} (${page}, Node ${node}) as a fresh project`, () => {
    let api: TodoApi;
    let front: { apiUrl: string; close(): Promise<void> };
    let project: PageProject;
    let server: ChildProcess | undefined;
    let url = '';
    let started = false;

    beforeAll(async () => {
      api = await startTodoApi();
      front = await api.crossOrigin();
      project = await run.project();
    }, 900_000);
    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = new Promise(resolve => server!.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await front?.close();
      await api?.server.close();
    });

    it('type-checks with the page\'s `npm run typecheck`', async () => {
      await runIn(project, ['npm', 'run', 'typecheck']);
    }, 300_000);

    it('builds with the page\'s `npm run build` and its server starts', async () => {
      await runIn(project, ['npm', 'run', 'build'], { API_URL: front.apiUrl, NODE_ENV: 'production' });
      // port 0: the server picks a free one and prints where it listens
      let output = '';
      server = spawn(join(nodeBin(node), 'node'), ['.output/server/index.mjs'], {
        cwd: project.dir,
        env: userEnv(node, { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' }),
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
      await checkTodoApp(run.browser(), api, { url: `${url}/`, apiUrl: front.apiUrl, serverRendered: true }, more && (p => more(p, api)));
    }, 60_000);
  });
}
