import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../../playground/server/index.js';
import { startPlayground } from './helpers.js';

let pg: Awaited<ReturnType<typeof startPlayground>>;
beforeAll(async () => {
  pg = await startPlayground({ tokenTtlMs: 60_000 });
});
afterAll(() => pg.server.close());
beforeEach(async () => {
  await pg.call('POST', '/__reset');
});

const login = async (username = 'grace') => {
  const r = await pg.call('POST', '/api/login', { username, password: SEED_PASSWORD });
  expect(r.status).toBe(200);
  return r.body as { token: string; expiresAt: number; user: { id: number; username: string } };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('login and protected routes', () => {
  it('issues a Bearer token that opens /api/me and /api/secret-stats', async () => {
    const started = Date.now();
    const { token, expiresAt, user } = await login();
    expect(user).toMatchObject({ id: 2, username: 'grace' });
    expect(expiresAt).toBeGreaterThanOrEqual(started + 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await pg.call('GET', '/api/me', undefined, bearer(token))).body).toEqual(user);
    const secret = await pg.call('GET', '/api/secret-stats', undefined, bearer(token));
    expect(secret.body).toEqual({ id: 'secret-stats', username: 'grace', tasksOwned: expect.any(Number), tasksOwnedDone: expect.any(Number), serverTime: expect.any(String) });
    expect(secret.body.tasksOwned).toBeGreaterThan(0);
  });

  it('refuses wrong credentials with 403 (not 401, which means "logged out")', async () => {
    const r = await pg.call('POST', '/api/login', { username: 'grace', password: 'nope' });
    expect(r).toMatchObject({ status: 403, body: { error: 'POST /api/login: wrong username or password for "grace"' } });
    expect((await pg.call('POST', '/api/login', { username: 'grace' })).status).toBe(400);
  });

  it('answers 401 with WWW-Authenticate without a token, with a bad header or an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('made-up')]) {
      const r = await pg.call('GET', '/api/me', undefined, headers);
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer realm="playground"');
      expect(r.body.error).toMatch(/^GET \/api\/me: /);
    }
    expect((await pg.call('GET', '/api/secret-stats')).status).toBe(401);
    expect((await pg.call('GET', '/api/stats')).status).toBe(200);
  });

  it('logout revokes the token (204)', async () => {
    const { token } = await login();
    expect((await pg.call('POST', '/api/logout', undefined, bearer(token))).status).toBe(204);
    expect((await pg.call('GET', '/api/me', undefined, bearer(token))).status).toBe(401);
    expect((await pg.call('POST', '/api/logout')).status).toBe(204);
  });

  it('a token expires after the TTL set through /__control, then 401s', async () => {
    // margins of a second: a loaded machine may take well over 60 ms between login and the first call
    expect((await pg.call('POST', '/__control', { tokenTtlMs: 1500 })).body.tokenTtlMs).toBe(1500);
    const { token } = await login();
    expect((await pg.call('GET', '/api/me', undefined, bearer(token))).status).toBe(200);
    await new Promise(r => setTimeout(r, 1700));
    const expired = await pg.call('GET', '/api/me', undefined, bearer(token));
    expect(expired.status).toBe(401);
    expect(expired.body.error).toContain('token expired at');
  });

  it('expireTokens: true ends every live session at once; reset forgets tokens and restores the TTL', async () => {
    const a = await login('ada');
    await pg.call('POST', '/__control', { expireTokens: true });
    expect((await pg.call('GET', '/api/me', undefined, bearer(a.token))).status).toBe(401);
    const b = await login('ada');
    await pg.call('POST', '/__control', { tokenTtlMs: 5 });
    await pg.call('POST', '/__reset');
    expect((await pg.call('GET', '/api/me', undefined, bearer(b.token))).status).toBe(401);
    expect((await pg.call('GET', '/__control')).body.tokenTtlMs).toBe(60_000);
  });
});

describe('token TTL from the environment and requireAuth', () => {
  it('reads TOKEN_TTL_MS when no option is given, and rejects a bad value', async () => {
    const saved = process.env.TOKEN_TTL_MS;
    try {
      process.env.TOKEN_TTL_MS = '1234';
      const other = await startPlayground();
      expect((await other.call('GET', '/__control')).body.tokenTtlMs).toBe(1234);
      await other.server.close();
      process.env.TOKEN_TTL_MS = 'soon';
      await expect(startPlayground()).rejects.toThrow(/TOKEN_TTL_MS must be a positive integer.*"soon"/);
    } finally {
      if (saved === undefined) delete process.env.TOKEN_TTL_MS;
      else process.env.TOKEN_TTL_MS = saved;
    }
  });

  it('with requireAuth, mutations need a token and reads do not', async () => {
    const strict = await startPlayground({ requireAuth: true });
    try {
      expect((await strict.call('GET', '/api/tasks/1')).status).toBe(200);
      const denied = await strict.call('PATCH', '/api/tasks/1', { done: true });
      expect(denied.status).toBe(401);
      expect((await strict.call('GET', '/api/tasks/1')).body.done).toBe(false);
      const { token } = (await strict.call('POST', '/api/login', { username: 'ada', password: SEED_PASSWORD })).body;
      expect((await strict.call('PATCH', '/api/tasks/1', { done: true }, bearer(token))).body.done).toBe(true);
      expect((await strict.call('GET', '/__control')).body.requireAuth).toBe(true);
    } finally {
      await strict.server.close();
    }
  });
});
