// A Vite getting-started page, as a newcomer follows it: the page's files in an empty folder,
// its install lines (rest-signals from the packed tarball, everything else from the registry, no
// lockfile); its `npm run dev` (Vite's dev server, the API on another origin behind a CORS front)
// and its `npm run build` (which type-checks: `vue-tsc --noEmit` / `tsc --noEmit`; the built app
// served beside a loopback todo API), each driven in Chromium (test/fresh/docs/browserCheck.ts).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../browser/chromium.js';
import { checkTodoApp } from './browserCheck.js';
import { projectFromPage, run } from './project.js';
import { startTodoApi, type TodoApi } from './todoApi.js';

/**
 * Registers the tests of one Vite page.
 * @example describeVitePage('Vue + Vite', 'guide/start-vue.md');
 */
export function describeVitePage(name: string, page: string): void {
  describe(`${name} (${page}) as a fresh project`, () => {
    let browser: Browser;
    let api: TodoApi;
    let dir: string;
    let built = false;

    beforeAll(async () => {
      browser = await launchChromium();
      api = await startTodoApi();
      ({ dir } = await projectFromPage(page, inject('tarball')));
    }, 900_000);
    afterAll(async () => {
      await browser?.close();
      await api?.server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('type-checks and builds with the page\'s `npm run build`', async () => {
      const output = await run(dir, 'npm', ['run', 'build'], { VITE_API_URL: api.apiUrl });
      expect(output).toMatch(/built in/);
      api.serve(join(dir, 'dist'));
      built = true;
    }, 300_000);

    it('lists the todos and shows a toggle before the server replies', async () => {
      expect(built, 'the build failed: nothing to load').toBe(true);
      await checkTodoApp(browser, api, { url: api.server.url, apiUrl: api.apiUrl, serverRendered: false });
    });

    it('does the same under the page\'s `npm run dev`', async () => {
      const front = await api.crossOrigin();
      // port 0: Vite takes a free port and prints it
      const dev = spawn('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', '0'], {
        cwd: dir,
        env: { ...process.env, VITE_API_URL: front.apiUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      dev.stdout!.on('data', chunk => (output += chunk));
      dev.stderr!.on('data', chunk => (output += chunk));
      try {
        await expect.poll(() => /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1], { timeout: 60_000, interval: 100 }).toBeDefined();
        const url = /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)![1]!;
        await checkTodoApp(browser, api, { url, apiUrl: front.apiUrl, serverRendered: false });
        expect(output).not.toMatch(/error/i);
      } finally {
        // npm runs vite in a child of its own: stop the whole group
        if (dev.pid !== undefined && dev.exitCode === null) process.kill(-dev.pid, 'SIGTERM');
        await front.close();
      }
    });
  });
}
