import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundServer, type PlaygroundServer } from '../../playground/server/index.js';

let server: PlaygroundServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'playground-static-'));
  mkdirSync(join(dir, 'vue', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'vue', 'index.html'), '<!doctype html><title>vue page</title>');
  writeFileSync(join(dir, 'vue', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET');
  server = await createPlaygroundServer({ port: 0, staticDir: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static pages', () => {
  it('serves an index at / linking the built pages and naming the unbuilt ones', async () => {
    const r = await fetch(`${server.url}/`);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await r.text();
    expect(html).toContain('<a href="/vue/">vue</a>');
    expect(html).toContain('solid: not built');
    expect(html).toContain('vanilla: not built');
  });

  it('serves files with their type, index.html for the folder and for client routes', async () => {
    const page = await fetch(`${server.url}/vue/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('vue page');
    const js = await fetch(`${server.url}/vue/assets/app.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');
    expect(await (await fetch(`${server.url}/vue/tasks/3`)).text()).toContain('vue page');
    expect((await fetch(`${server.url}/vue/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/solid/`)).status).toBe(404);
  });

  it('redirects /vue to /vue/ and never serves a file outside the page folder', async () => {
    const r = await fetch(`${server.url}/vue`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/vue/');
    for (const path of ['/vue/..%2Fsecret.txt', '/vue/%2e%2e/secret.txt', '/vue/..%2F..%2Fetc%2Fpasswd']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('TOP-SECRET');
    }
  });
});
