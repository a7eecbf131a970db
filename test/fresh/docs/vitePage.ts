// A Vite getting-started page, as a newcomer follows it: the page's files in an empty folder,
// its install lines (rest-signals from the packed tarball, everything else from the registry, no
// lockfile), its `npm run build` (which type-checks: `vue-tsc --noEmit` / `tsc --noEmit`), then the
// built app served beside a loopback todo API and driven in Chromium (test/fresh/docs/browserCheck.ts).
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
  });
}
