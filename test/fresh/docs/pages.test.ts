// The docs-to-app tests: each getting-started page built into a project made from nothing, as a
// newcomer follows it (test/fresh/docs/project.ts), then type-checked, built and driven in Chromium.
// The pages are checked one at a time, in this order, while the next pages install: the installs
// are mostly network waits, the checks (tsc, builds, Chromium) take the CPU.
// While working on a few: `DOCS_PAGES=start-solid,nuxt npx vitest run -c test/fresh/docs/vitest.config.ts`.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from '../../browser/chromium.js';
import type { NodeMajor } from '../toolchain.js';
import { describeNodePage } from './nodePage.js';
import { projectFromPage, type PageProject, type PageRun } from './project.js';
import { describeSsrPage, type SsrPage } from './ssrPage.js';
import { describeVitePage, type VitePage } from './vitePage.js';

type DocsPage =
  | ({ readonly kind: 'ssr' } & SsrPage)
  | ({ readonly kind: 'vite' } & VitePage)
  | { readonly kind: 'node'; readonly page: string; readonly node: NodeMajor };

/** Largest installs first, so that they start first; each under the oldest Node its framework takes. */
const PAGES: readonly DocsPage[] = [
  {
    kind: 'ssr',
    name: 'Nuxt',
    page: 'guide/nuxt.md',
    node: 22, // Nuxt 4.6: Node >= 22
    // the page's user picker: user 2's list is another key, fetched, never user 1's rows
    async more(page, api) {
      const before = api.server.requests.length;
      await page.selectOption('select', '2');
      await expect.poll(async () => (await page.locator('li').allTextContents()).map(t => t.trim()), { timeout: 10_000 }).toEqual(['Someone else’s todo']);
      expect(api.server.requests.slice(before).map(r => `${r.method} ${r.url}`)).toEqual(['GET /api/todos?userId=2']);
    },
  },
  { kind: 'ssr', name: 'SolidStart', page: 'guide/solid-start.md', node: 24 }, // SolidStart 2: Node >= 24
  { kind: 'vite', name: 'Vue + Vite', page: 'guide/start-vue.md', node: 20 },
  // a newcomer's `npm install solid-js` gives Solid 2 (Node >= 22.12): the page is written for it
  {
    kind: 'vite',
    name: 'Solid 2 + Vite',
    page: 'guide/start-solid.md',
    node: 22,
    majors: { 'solid-js': 2, '@solidjs/web': 2 },
    wrongPath: {
      from: 'rest-signals/solid2',
      to: 'rest-signals/solid',
      tsc: 'rest-signals/solid is for Solid 1.9; import from rest-signals/solid2 in a Solid 2 app',
      build: '"./web" is not exported under the conditions',
    },
  },
  {
    kind: 'vite',
    name: 'Solid 1.9 + Vite',
    page: 'guide/start-solid-1.md',
    node: 20,
    majors: { 'solid-js': 1 },
    wrongPath: {
      from: 'rest-signals/solid',
      to: 'rest-signals/solid2',
      tsc: "error TS7006: Parameter 'todo' implicitly has an 'any' type",
      build: '"onFlush" is not exported by "node_modules/solid-js/dist/solid.js"',
    },
  },
  { kind: 'node', page: 'guide/start-node.md', node: 20 },
];

/**
 * Installs at once. Measured on the 2 shared cores (load 7-8), the six pages: one page after the
 * other, each installed in its turn, 199 s; installs running behind the checks, 1 at once 102 s
 * (111 s with an empty npm cache), 2 at once 105 s (104 s), 3 at once 100 s. The overlap is the
 * gain; more installs at once only share the same CPU (npm unpacks and links on it).
 */
const CONCURRENT_INSTALLS = Number(process.env.DOCS_CONCURRENT_INSTALLS ?? 2);
const ONLY = process.env.DOCS_PAGES?.split(',');
const pages = PAGES.filter(p => !ONLY || ONLY.some(name => p.page === `guide/${name}.md`));

const work = mkdtempSync(join(tmpdir(), 'rest-signals-docs-apps-'));
const started = Date.now();
const installs = new Map<string, Promise<PageProject>>();
let browser: Browser | undefined;

beforeAll(async () => {
  const tarball = inject('tarball');
  // lanes of installs, each in page order: a page's install starts when the one before it in its lane ends
  const lanes = Array.from({ length: CONCURRENT_INSTALLS }, () => Promise.resolve());
  pages.forEach((page, i) => {
    const lane = i % CONCURRENT_INSTALLS;
    const installed = lanes[lane]!.then(() => projectFromPage(page.page, tarball, page.node, work));
    installed.catch(() => {}); // reported by the page's tests
    installs.set(page.page, installed);
    lanes[lane] = installed.then(() => {}, () => {});
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  const done = await Promise.allSettled(installs.values());
  await browser?.close();
  const lines = [...installs.keys()].map((page, i) => {
    const result = done[i]!;
    return `  ${page}: ${result.status === 'fulfilled' ? `installed in ${Math.round(result.value.installMs / 1000)} s` : 'install failed'}`;
  });
  console.log(`docs to app: ${pages.length} pages, ${CONCURRENT_INSTALLS} installs at once, ${Math.round((Date.now() - started) / 1000)} s\n${lines.join('\n')}`);
  // some hundreds of MB of node_modules: removed after the run, not during it
  if (!process.env.KEEP_DOCS_APPS) spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
}, 900_000);

for (const page of pages) {
  const run: PageRun = {
    project: () => installs.get(page.page)!,
    browser: () => browser!,
  };
  if (page.kind === 'ssr') describeSsrPage(page, run);
  else if (page.kind === 'vite') describeVitePage(page, run);
  else describeNodePage(page, run);
}
