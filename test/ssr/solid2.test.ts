// examples/solid2, a Solid 2 app on rest-signals/solid2 (@solidjs/vite-plugin, @solidjs/router 2),
// built from the packed package and driven in Chromium. One loopback server gives the built app and
// its REST API (same origin, so no CORS): 12 tasks, 5 a page, a PATCH held long enough to see the
// optimistic row, and a route that always fails. Client-rendered: Solid 2's own SSR is in test/solid2.
import { execFile } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser/chromium.js';
import { buildExample, packTarball } from './exampleApp.js';

const dist = new URL('../../examples/solid2/dist/', import.meta.url).pathname;
const PAGE_SIZE = 5;

interface Task {
  id: number;
  title: string;
  done: boolean;
}

interface AppServer {
  readonly url: string;
  /** Every API request answered: method and path with its query. */
  readonly log: string[];
  readonly tasks: Task[];
  patchDelayMs: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

async function startAppServer(): Promise<AppServer> {
  const tasks: Task[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: `Task ${i + 1}`, done: false }));
  const log: string[] = [];
  const state = { patchDelayMs: 600 };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      log.push(`${req.method} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/broken') return json(res, 503, { error: 'down' });
      if (url.pathname === '/api/tasks') {
        const page = Number(url.searchParams.get('page') ?? 1);
        return json(res, 200, { results: tasks.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), pages: Math.ceil(tasks.length / PAGE_SIZE) });
      }
      const task = tasks.find(t => `/api/tasks/${t.id}` === url.pathname);
      if (!task) return json(res, 404, { error: 'no task' });
      if (req.method === 'PATCH') {
        let text = '';
        for await (const chunk of req) text += chunk;
        await new Promise(resolve => setTimeout(resolve, state.patchDelayMs));
        Object.assign(task, JSON.parse(text) as Partial<Task>);
      }
      return json(res, 200, task);
    }
    // the built app; any other path is a client route: index.html
    const file = join(dist, url.pathname);
    const path = url.pathname !== '/' && existsSync(file) ? file : join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    tasks,
    get patchDelayMs() {
      return state.patchDelayMs;
    },
    set patchDelayMs(ms: number) {
      state.patchDelayMs = ms;
    },
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  };
}

describe('Solid 2 example (examples/solid2), built from the packed package', () => {
  let app: AppServer;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    await buildExample('examples/solid2', await packTarball(), '');
    app = await startAppServer();
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage();
    page.on('console', message => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      // Chromium's own line for the failing route's 503, which the app shows on purpose
      if (/status of 503/.test(message.text())) return;
      problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', error => problems.push(`pageerror: ${error.message}`));
    await page.goto(`${app.url}${path}`);
    await page.waitForSelector('html[data-started]', { state: 'attached' });
    return page;
  }

  const titles = (page: Page) => page.locator('[data-test=task] [data-test=title]').allTextContents();

  it('lists the first page, then pages through without a fallback: the rows stay until the next page lands', async () => {
    const page = await open('/');
    await page.waitForSelector('[data-test=task]');
    expect(await titles(page)).toEqual(['Task 1', 'Task 2', 'Task 3', 'Task 4', 'Task 5']);
    expect(await page.locator('[data-test=page]').textContent()).toContain('page 1 of 3');
    const seen = app.log.length;
    // every state the list passes through while the next page loads: never the fallback, never an empty list
    await page.evaluate(() => {
      const w = window as unknown as { states: string[] };
      w.states = [];
      new MutationObserver(() => w.states.push(document.querySelector('[data-test=loading]') ? 'fallback' : `${document.querySelectorAll('[data-test=task]').length} rows`)).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.click('[data-test=next]');
    await page.waitForFunction(() => document.querySelector('[data-test=title]')?.textContent === 'Task 6');
    expect(await titles(page)).toEqual(['Task 6', 'Task 7', 'Task 8', 'Task 9', 'Task 10']);
    expect(app.log.slice(seen)).toEqual(['GET /api/tasks?page=2']);
    const states = await page.evaluate(() => (window as unknown as { states: string[] }).states);
    expect(states.length).toBeGreaterThan(0);
    expect(states.filter(s => s !== '5 rows')).toEqual([]);
    // back to page 1: in the store already, no request
    await page.click('[data-test=prev]');
    await page.waitForFunction(() => document.querySelector('[data-test=title]')?.textContent === 'Task 1');
    expect(app.log.slice(seen)).toEqual(['GET /api/tasks?page=2']);
    await page.close();
  });

  it('toggles a task optimistically inside an action: checked at once, kept when the reply lands', async () => {
    const page = await open('/');
    await page.waitForSelector('[data-test=task]');
    const row = page.locator('[data-test=task]').nth(1);
    const started = Date.now();
    await row.locator('[data-test=toggle]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-test=task]')[1]!.classList.contains('done'));
    // shown before the server (holding the PATCH for 600 ms) has answered
    expect(Date.now() - started).toBeLessThan(app.patchDelayMs);
    expect(app.tasks[1]!.done).toBe(false);
    await expect.poll(() => app.tasks[1]!.done, { timeout: 5000 }).toBe(true);
    await page.waitForTimeout(100);
    expect(await row.evaluate(el => el.classList.contains('done'))).toBe(true);
    expect(await row.locator('[data-test=toggle]').isChecked()).toBe(true);
    await page.close();
  });

  it('opens a task by client-side navigation', async () => {
    const page = await open('/');
    await page.waitForSelector('[data-test=task]');
    await page.locator('[data-test=title]', { hasText: 'Task 3' }).click();
    await page.waitForSelector('[data-test=detail] h1');
    expect(await page.locator('[data-test=detail] h1').textContent()).toBe('Task 3');
    expect(new URL(page.url()).pathname).toBe('/tasks/3');
    await page.close();
  });

  it('shows a failing route in <Errored>, whose Retry fetches again', async () => {
    const page = await open('/broken');
    await page.waitForSelector('[data-test=error]');
    expect(await page.locator('[data-test=error]').textContent()).toContain('NetworkError 503');
    const before = app.log.filter(l => l === 'GET /api/broken').length;
    await page.click('[data-test=retry]');
    await expect.poll(() => app.log.filter(l => l === 'GET /api/broken').length).toBe(before + 1);
    await page.waitForSelector('[data-test=error]');
    await page.close();
  });

  it("typechecks against Solid 2's types and the packed package's rest-signals/solid2 declarations", async () => {
    const dir = new URL('../../examples/solid2/', import.meta.url).pathname;
    await expect(promisify(execFile)(join(dir, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cwd: dir, timeout: 120_000 })).resolves.toBeDefined();
  });

  it('printed no error or warning in the browser', () => {
    expect(problems).toEqual([]);
  });
});
