// The documentation site as users get it: the built VitePress site (`npm run docs:build`; built here
// when docs/.vitepress/dist is missing), served from a plain static server on loopback, opened in
// Debian's Chromium. Every page loads without a console error or a failed request, nothing is
// requested from outside the machine, every internal link (and its #anchor) resolves, and the
// local search finds "optimistic" and "useSuspense".
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';

const root = new URL('../../', import.meta.url).pathname;
const dist = join(root, 'docs/.vitepress/dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.ico': 'image/x-icon',
};

let server: Server;
let origin = '';
let browser: Browser;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') && name !== '404.html' ? [path] : [];
  });
}

beforeAll(async () => {
  if (!existsSync(join(dist, 'index.html'))) {
    await promisify(execFile)('npm', ['run', 'docs:build'], { cwd: root, timeout: 900_000, maxBuffer: 64 * 1024 * 1024 });
  }
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404, { 'content-type': 'text/html' }).end(readFileSync(join(dist, '404.html')));
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await new Promise(resolve => server?.close(resolve));
});

/** Opens `path` in `page`, collecting console errors, page errors, failed and outside requests. */
async function visit(page: Page, path: string, problems: string[]): Promise<void> {
  const onConsole = (m: { type(): string; text(): string }) => { if (m.type() === 'error') problems.push(`${path}: console error: ${m.text()}`); };
  const onError = (e: Error) => problems.push(`${path}: page error: ${e.message}`);
  const onResponse = (r: { status(): number; url(): string }) => { if (r.status() >= 400) problems.push(`${path}: ${r.status()} ${r.url()}`); };
  const onRequest = (r: { url(): string }) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.push(`${path}: requested from outside: ${url}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('response', onResponse);
  page.on('request', onRequest);
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  page.off('console', onConsole);
  page.off('pageerror', onError);
  page.off('response', onResponse);
  page.off('request', onRequest);
}

/**
 * Each entry's source and its page in the generated API reference (typedoc.json, module-names.mjs).
 * The core's page is a folder index: typedoc gives a module with a namespace (`actionTypes`) a
 * folder of its own, the namespace's page beside it.
 */
const ENTRIES: Record<string, string> = {
  'src/core/index.ts': 'docs/api/rest-signals/index.md',
  'src/adapters/solid/index.ts': 'docs/api/rest-signals/solid.md',
  'src/adapters/vue/index.ts': 'docs/api/rest-signals/vue.md',
  'src/devtools/index.ts': 'docs/api/rest-signals/devtools.md',
  'src/test/index.ts': 'docs/api/rest-signals/test.md',
  'src/test/solid/index.ts': 'docs/api/rest-signals/test/solid.md',
  'src/test/vue/index.ts': 'docs/api/rest-signals/test/vue.md',
};

describe('the API reference', () => {
  it('has an entry for every public export of every entry point', () => {
    const program = ts.createProgram(Object.keys(ENTRIES).map(f => join(root, f)), { noEmit: true, jsx: ts.JsxEmit.Preserve, allowJs: false, skipLibCheck: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 });
    const checker = program.getTypeChecker();
    const missing: string[] = [];
    let count = 0;
    for (const [entry, page] of Object.entries(ENTRIES)) {
      const symbol = checker.getSymbolAtLocation(program.getSourceFile(join(root, entry))!)!;
      // `### Name`, `### Name()`, `### \`abstract\` Name`; Markdown escapes `_` as `\_`
      const text = readFileSync(join(root, page), 'utf8');
      const headings = new Set([...text.matchAll(/^#{2,4} (?:`\w+` )*([\w$\\]+)/gm)].map(m => m[1]!.replace(/\\_/g, '_')));
      // a namespace export is a link to its own page, listed under "Namespaces"
      for (const m of text.matchAll(/^- \[(\w+)\]\(namespaces\/\1\.md\)/gm)) headings.add(m[1]!);
      for (const name of checker.getExportsOfModule(symbol).map(s => s.name)) {
        count++;
        if (!headings.has(name)) missing.push(`${page}: ${name}`);
      }
    }
    expect(count).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  }, 120_000);
});

describe('the documentation site', () => {
  it('has every page load without errors, and every internal link and anchor resolves', async () => {
    const pages = htmlFiles(dist).map(f => `/${relative(dist, f)}`);
    expect(pages).toContain('/guide/getting-started.html');
    expect(pages).toContain('/migration/data-client.html');
    expect(pages.filter(p => p.startsWith('/api/')).length).toBeGreaterThanOrEqual(8); // the index and one page per entry
    const problems: string[] = [];
    const ids = new Map<string, Set<string>>();
    const links: { from: string; href: string }[] = [];
    // two tabs share the pages: the machine has two cores
    const tabs = await Promise.all([browser.newPage(), browser.newPage()]);
    const queue = [...pages];
    await Promise.all(tabs.map(async tab => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        await visit(tab, path, problems);
        const found = await tab.evaluate(() => ({
          ids: [...document.querySelectorAll('[id]')].map(e => e.id),
          hrefs: [...document.querySelectorAll('.VPContent a[href], .VPNav a[href], .VPSidebar a[href]')].map(a => (a as HTMLAnchorElement).href),
        }));
        ids.set(path, new Set(found.ids));
        for (const href of found.hrefs) if (href.startsWith(origin)) links.push({ from: path, href });
      }
    }));
    await Promise.all(tabs.map(t => t.close()));
    for (const { from, href } of links) {
      const url = new URL(href);
      const target = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
      if (!ids.has(target)) { problems.push(`${from}: broken link ${url.pathname}`); continue; }
      const hash = decodeURIComponent(url.hash.slice(1));
      if (hash && !ids.get(target)!.has(hash)) problems.push(`${from}: broken anchor ${url.pathname}#${hash}`);
    }
    expect(links.length).toBeGreaterThan(pages.length);
    expect(problems).toEqual([]);
  }, 600_000);

  it.each(['optimistic', 'useSuspense'])('local search finds "%s"', async term => {
    const page = await browser.newPage();
    const problems: string[] = [];
    await visit(page, '/guide/getting-started.html', problems);
    await page.click('.VPNavBarSearch button');
    await page.fill('.VPLocalSearchBox input', term);
    const results = page.locator('.VPLocalSearchBox .result');
    await results.first().waitFor({ timeout: 20_000 });
    const titles = await results.allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.join('\n').toLowerCase()).toContain(term.toLowerCase());
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
