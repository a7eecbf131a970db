import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalOrigin } from '../../playground/server/cors.js';
import { startPlayground } from './helpers.js';

let pg: Awaited<ReturnType<typeof startPlayground>>;
beforeAll(async () => {
  pg = await startPlayground();
});
afterAll(() => pg.server.close());

describe('CORS for apps on other localhost ports', () => {
  it('answers a preflight from a local origin with the methods and headers rest-signals sends', async () => {
    const res = await fetch(`${pg.server.url}/api/tasks/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });

  it('puts the CORS headers on replies and on errors, so the page can read them', async () => {
    const ok = await fetch(`${pg.server.url}/api/tasks/1`, { headers: { origin: 'http://127.0.0.1:4000' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000');
    const missing = await fetch(`${pg.server.url}/api/tasks/999999`, { headers: { origin: 'http://localhost:5173' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const injected = await fetch(`${pg.server.url}/api/tasks?__fail=503`, { headers: { origin: 'http://localhost:5173' } });
    expect(injected.status).toBe(503);
    expect(injected.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('gives no CORS headers to origins that are not on this machine', async () => {
    const res = await fetch(`${pg.server.url}/api/tasks/1`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('recognises local origins only', () => {
    expect(isLocalOrigin('http://localhost:5173')).toBe(true);
    expect(isLocalOrigin('https://127.0.0.2')).toBe(true);
    expect(isLocalOrigin('http://[::1]:8080')).toBe(true);
    expect(isLocalOrigin('http://localhost.evil.example')).toBe(false);
    expect(isLocalOrigin('http://127.0.0.1.evil.example')).toBe(false);
    expect(isLocalOrigin('file://localhost/x')).toBe(false);
    expect(isLocalOrigin('null')).toBe(false);
  });
});

describe('the API index at /api/', () => {
  it('lists the routes, the fault switches and the pages as JSON', async () => {
    const res = await pg.call('GET', '/api/');
    expect(res.status).toBe(200);
    expect(res.body.routes.map((r: { path: string }) => r.path)).toContain('/api/tasks/:id');
    expect(res.body.control.map((r: { path: string }) => r.path)).toContain('/__control');
    expect(res.body.pages).toEqual(['/solid/', '/vue/', '/vanilla/']);
  });

  it('is an HTML page for a browser, linking the routes', async () => {
    const res = await fetch(`${pg.server.url}/api`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('<a href="/api/projects">');
    expect(text).toContain(`urlPrefix: '${pg.server.url}/api'`);
  });
});
