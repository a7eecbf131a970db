import type { Browser, BrowserContext, Page as BrowserPage } from 'playwright-core';
import { buildPlayground } from '../../playground/build.js';
import { DIST_DIR, type Page } from '../../playground/vite.config.js';
import { createPlaygroundServer } from '../../playground/server/index.js';
import { launchChromium } from './chromium.js';

/** A running playground (server + built page) and a Chromium to drive it. */
export interface PlaygroundHarness {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly origin: string;
  /** The page's own address, e.g. `http://127.0.0.1:<port>/vue/`. */
  readonly pageUrl: string;
  readonly browser: Browser;
  /**
   * A fresh browser context + tab on the page. Uncaught page errors are collected in `errors`;
   * console warnings and errors in `console`, except the browser's own line for each failed
   * request ("Failed to load resource"), which the fault switches cause on purpose.
   */
  open(): Promise<{ context: BrowserContext; tab: BrowserPage; errors: Error[]; console: string[] }>;
  /** `POST /__reset`: the server's seed data, no switches, no sessions. */
  reset(): Promise<void>;
  /** `POST /__control` with this body (the server's fault / expiry switches). */
  control(body: Record<string, unknown>): Promise<void>;
  /** A plain request to the API, outside the browser (to change data behind the page's back). */
  api(method: string, path: string, body?: unknown, token?: string): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Builds one page (unless `PLAYGROUND_PREBUILT=1`), starts the playground server on a free
 * loopback port and launches Debian's Chromium.
 * @example const pg = await startPlayground('vanilla'); const { tab } = await pg.open();
 */
export async function startPlayground(page: Page): Promise<PlaygroundHarness> {
  if (process.env.PLAYGROUND_PREBUILT !== '1') await buildPlayground([page]);
  const server = await createPlaygroundServer({ port: 0, host: '127.0.0.1', staticDir: DIST_DIR });
  const origin = server.url.replace(/\/$/, '');
  const browser = await launchChromium();
  const contexts = new Set<BrowserContext>();

  async function post(path: string, body: unknown): Promise<void> {
    const res = await fetch(origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} ${JSON.stringify(body)} answered ${res.status}: ${await res.text()}`);
  }

  return {
    origin,
    pageUrl: `${origin}/${page}/`,
    browser,
    async open() {
      for (const c of contexts) await c.close();
      contexts.clear();
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.add(context);
      const tab = await context.newPage();
      const errors: Error[] = [];
      const console: string[] = [];
      tab.on('pageerror', e => errors.push(e));
      tab.on('console', m => {
        if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource')) {
          console.push(`${m.type()}: ${m.text()}`);
        }
      });
      await tab.goto(`${origin}/${page}/`);
      return { context, tab, errors, console };
    },
    reset: () => post('/__reset', {}),
    control: body => post('/__control', body),
    api(method, path, body, token) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      return fetch(origin + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    },
    async close() {
      for (const c of contexts) await c.close();
      await browser.close();
      await server.close();
    },
  };
}
