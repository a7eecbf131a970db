import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPlayground } from './helpers.js';

let pg: Awaited<ReturnType<typeof startPlayground>>;
beforeAll(async () => {
  pg = await startPlayground();
});
afterAll(() => pg.server.close());
beforeEach(async () => {
  await pg.call('POST', '/__reset');
});

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
};

describe('fault switches', () => {
  it('GET /__control shows the switches, all off after reset', async () => {
    expect((await pg.call('GET', '/__control')).body).toEqual({ delayMs: 0, failNext: null, failPattern: null, tokenTtlMs: 300_000, requireAuth: false });
  });

  it('delayMs slows every API request, not the control routes', async () => {
    expect((await pg.call('POST', '/__control', { delayMs: 150 })).body.delayMs).toBe(150);
    const [r, ms] = await timed(() => pg.call('GET', '/api/tasks/1'));
    expect(r.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(140);
    const [, controlMs] = await timed(() => pg.call('GET', '/__control'));
    expect(controlMs).toBeLessThan(140);
  });

  it('failNext fails the next `count` matching requests, then stops', async () => {
    await pg.call('POST', '/__control', { failNext: { status: 503, count: 2, match: '^PATCH /api/tasks/' } });
    expect((await pg.call('GET', '/api/tasks/1')).status).toBe(200);
    const first = await pg.call('PATCH', '/api/tasks/1', { title: 'Renamed' });
    expect(first).toMatchObject({ status: 503, body: { error: 'PATCH /api/tasks/1: injected failure (failNext)', status: 503 } });
    expect((await pg.call('GET', '/__control')).body.failNext).toEqual({ status: 503, count: 1, match: '^PATCH /api/tasks/' });
    expect((await pg.call('PATCH', '/api/tasks/2', { title: 'Renamed' })).status).toBe(503);
    expect((await pg.call('GET', '/api/tasks/1')).body.title).not.toBe('Renamed');
    expect((await pg.call('PATCH', '/api/tasks/1', { title: 'Renamed' })).body.title).toBe('Renamed');
    expect((await pg.call('GET', '/__control')).body.failNext).toBeNull();
  });

  it('failNext defaults to one 500 for any API request', async () => {
    expect((await pg.call('POST', '/__control', { failNext: {} })).body.failNext).toEqual({ status: 500, count: 1 });
    expect((await pg.call('GET', '/api/stats')).status).toBe(500);
    expect((await pg.call('GET', '/api/stats')).status).toBe(200);
  });

  it('failPattern fails every matching request until cleared', async () => {
    await pg.call('POST', '/__control', { failPattern: { match: '^DELETE ', status: 409 } });
    expect((await pg.call('DELETE', '/api/tasks/1')).status).toBe(409);
    expect((await pg.call('DELETE', '/api/tasks/1')).status).toBe(409);
    expect((await pg.call('GET', '/api/tasks/1')).status).toBe(200);
    await pg.call('POST', '/__control', { failPattern: '/api/stats' });
    expect((await pg.call('GET', '/api/stats')).status).toBe(500);
    expect((await pg.call('DELETE', '/api/tasks/1')).status).toBe(204);
    await pg.call('POST', '/__control', { failPattern: null });
    expect((await pg.call('GET', '/api/stats')).status).toBe(200);
  });

  it('per request: ?__delay and ?__fail, or the x-playground-* headers', async () => {
    const [slow, ms] = await timed(() => pg.call('GET', '/api/tasks?projectId=1&__delay=120'));
    expect(slow.body).toHaveLength(10);
    expect(ms).toBeGreaterThanOrEqual(110);
    expect((await pg.call('PATCH', '/api/tasks/1?__fail=502', { done: true })).status).toBe(502);
    expect((await pg.call('GET', '/api/tasks/1')).body.done).toBe(false);
    expect((await pg.call('GET', '/api/tasks/1', undefined, { 'x-playground-fail': '418' })).status).toBe(418);
    const [, hms] = await timed(() => pg.call('GET', '/api/tasks/1', undefined, { 'x-playground-delay': '100' }));
    expect(hms).toBeGreaterThanOrEqual(90);
  });

  it('rejects malformed switches with a 400 naming the switch and value, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ delayMs: -1 }, 'delay must be'],
      [{ failNext: { status: 200 } }, 'status must be an HTTP error status'],
      [{ failNext: { count: 0 } }, 'failNext.count must be a positive integer, got 0'],
      [{ failPattern: '(' }, 'match is not a valid RegExp: "("'],
      [{ tokenTtlMs: 'soon' }, 'tokenTtlMs must be a positive integer, got "soon"'],
      [[1], 'the body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const r = await pg.call('POST', '/__control', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toContain(message);
    }
    expect((await pg.call('GET', '/api/tasks/1?__fail=abc')).status).toBe(400);
    expect((await pg.call('GET', '/__control')).body).toMatchObject({ delayMs: 0, failNext: null, failPattern: null });
  });

  it('reset turns every switch off', async () => {
    await pg.call('POST', '/__control', { delayMs: 10, failPattern: 'x', failNext: { count: 3 } });
    await pg.call('POST', '/__reset');
    expect((await pg.call('GET', '/__control')).body).toMatchObject({ delayMs: 0, failNext: null, failPattern: null });
  });
});
