// Server rendering with @solidjs/web and hydration, across the two builds of Solid: the page is
// rendered by the server build (loaded through Vite's SSR module loader, as a Vite SSR app loads its
// server entry) and hydrated here by the browser build, in jsdom. The loopback server counts requests.
import { hydrate } from '@solidjs/web';
import { flush } from 'solid-js';
import solid from '@solidjs/vite-plugin';
import { createServer, type ViteDevServer } from 'vite';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataProvider } from 'rest-signals/solid2/ssr';
import { articleServer, requestsTo, tick, type DataClient } from '../adapters/solid/fixtures.js';
import type { TestServer } from '../server/createTestServer.js';
import { App, articleApi } from './ssr/app.js';
import type { Rendered } from './ssr/server.js';
import { until } from './harness.js';
import { alias } from './aliases.js';

let server: TestServer;
let vite: ViteDevServer;
let renderPage: (url: string) => Promise<Rendered>;
beforeAll(async () => {
  ({ server } = await articleServer(3));
  vite = await createServer({
    root: process.env.SOLID2_TESTS!,
    configFile: false,
    logLevel: 'silent',
    plugins: [solid({ ssr: true })],
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, fs: { allow: [resolve(process.env.SOLID2_TESTS!, '../..')] } },
    appType: 'custom',
  });
  ({ renderPage } = (await vite.ssrLoadModule('/ssr/server.tsx')) as { renderPage: typeof renderPage });
}, 60_000);
afterAll(async () => {
  await vite?.close();
  await server?.close();
});

/** The page's markup without Solid's hydration keys and text markers. */
const markup = (html: string) => html.replace(/ _hk=\w+/g, '').replace(/<!--\/?\$?-->/g, '');

/**
 * Solid's development build reports each error an `<Errored>` contained during a server render
 * (`SSR_RENDER_ERROR_CONTAINED`); the spec renders one on purpose. It names the error by what the
 * render threw, which is the reduced error (its name), not the store's (which names the host).
 */
function expectContainedErrorReports(renders: number): void {
  const reports = vi.mocked(console.error).mock.calls.map(args => String(args[0]));
  expect(reports.filter(r => r.startsWith('[SSR_RENDER_ERROR_CONTAINED]'))).toHaveLength(renders);
  for (const r of reports) expect(r).not.toContain('127.0.0.1');
  vi.mocked(console.error).mockClear();
  vi.mocked(console.warn).mockClear();
}

/** Puts the server's page into this document and runs its inline scripts, as a browser would. */
function loadPage(page: Rendered): HTMLElement {
  document.head.innerHTML = page.head;
  document.body.innerHTML = `<div id="app">${page.html}</div>`;
  for (const script of [...document.querySelectorAll('script')]) new Function(script.textContent ?? '')();
  return document.getElementById('app')!;
}

describe('Solid 2 server rendering and hydration', () => {
  it('renders the data read on the server into the HTML, errors by name and status, one client per render', async () => {
    server.requests.length = 0;
    const [a, b] = await Promise.all([renderPage(server.url), renderPage(server.url)]);
    expectContainedErrorReports(2);
    for (const page of [a, b]) {
      expect(markup(page.html)).toContain('<ol><li>Article 1</li><li>Article 2</li><li>Article 3</li></ol>');
      expect(markup(page.html)).toContain('<h2>Article 2</h2>');
      expect(markup(page.html)).toContain('<p class="error">NetworkError 404</p>');
      expect(page.html).not.toContain('loading');
      // the state travels as data; a recorded error keeps its name and status, never its message
      // (it names the upstream host and quotes the upstream body)
      expect(page.html).toContain('_$HY.r["rest-signals:0"]');
      expect(page.html).not.toContain('failed with status');
      expect(page.html).not.toContain('no item 404');
    }
    expect(a.client).not.toBe(b.client);
    // each render fetched for itself, and left nothing running
    expect(requestsTo(server, '/articles')).toBe(2);
    expect(requestsTo(server, '/articles/2')).toBe(2);
    for (const page of [a, b]) expect(page.client.stats()).toMatchObject({ watchedViews: 0, subscriptions: 0, timers: 0, inflight: 0 });
  });

  it('hydrates without a second request and without showing a fallback', async () => {
    const page = await renderPage(server.url);
    expectContainedErrorReports(1);
    server.requests.length = 0;
    const root = loadPage(page);
    let client!: DataClient;
    const dispose = hydrate(() => <DataProvider><App url={server.url} onClient={c => (client = c)} /></DataProvider>, root);
    const fallbacks = () => root.querySelectorAll('.fallback').length;
    flush();
    expect(fallbacks()).toBe(0);
    expect(root.textContent).toContain('Article 3');
    await tick(50);
    flush();
    expect(fallbacks()).toBe(0);
    expect(root.querySelector('h2')?.textContent).toBe('Article 2');
    expect(root.querySelector('.error')?.textContent).toBe('NetworkError 404');
    expect(server.requests).toEqual([]);
    // the hydrated app is live: a change in the store shows
    client.controller.setResponse(articleApi(server.url).get, { id: 2 }, { id: 2, title: 'Changed', body: '' });
    await until(() => root.querySelector('h2')?.textContent === 'Changed');
    dispose();
    client.destroy();
  });
});
