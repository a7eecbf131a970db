import { build } from 'esbuild';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundServer, type PlaygroundServer } from '../../playground/server/index.js';
import { launchChromium } from './chromium.js';

// A page on one localhost port calling the playground API on another: the browser preflights every
// request (rest-signals sends `content-type: application/json`), and the API must answer it.
let api: PlaygroundServer;
let app: Server;
let appOrigin: string;
let browser: Browser;

beforeAll(async () => {
  api = await createPlaygroundServer({ port: 0 });
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./crossOrigin/app.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  const script = bundled.outputFiles[0]!.text;
  const html = `<!doctype html><html><head><link rel="icon" href="data:,"><script>window.API_URL = ${JSON.stringify(`${api.url}/api`)};</script><script type="module" src="/app.js"></script></head><body></body></html>`;
  app = createServer((req, res) => {
    if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>(resolve => app.listen(0, '127.0.0.1', resolve));
  // `localhost` on the app's side and 127.0.0.1 on the API's: two origins, as with `vite` and the playground.
  appOrigin = `http://localhost:${(app.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>(resolve => app?.close(() => resolve()));
  await api?.close();
});

describe('an app on another port talks to the playground API', () => {
  it('fetches, mutates and reads errors across origins in Chromium', async () => {
    const page = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on('console', m => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) consoleErrors.push(m.text());
    });
    await page.goto(`${appOrigin}/`);
    const result = await page.evaluate(() => window.crossOriginResult);
    expect(result.titles).toHaveLength(3);
    expect(result.done).toBe(true);
    expect(result.status).toBe(404);
    expect(result.message).toMatch(/GET .*\/api\/tasks\/999999.*404/);
    expect(consoleErrors.filter(e => /CORS/i.test(e))).toEqual([]);
    await page.close();
  });
});
