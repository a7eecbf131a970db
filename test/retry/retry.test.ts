// Opt-in retries against the real loopback server: only network failures and 5xx, GETs by default
// and mutations only when their endpoint asks, one request per attempt, abort / destroy stop them,
// views stay loading meanwhile, and the error reported is the last one.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { NetworkError, resource, type DLE } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { makeClient, seedUsers, User } from '../client/fixtures.js';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
});
afterEach(() => server.close());

const users = (options: { retry?: number | boolean; retryDelay?: number } = {}) =>
  resource({ urlPrefix: server.url, path: '/users/:id', schema: User, ...options });

const statuses = () => server.requests.map(r => `${r.method} ${r.path}`);

it('two 503s then 200: the data arrives, after one request per attempt', async () => {
  const R = users({ retry: 2, retryDelay: 5 });
  const client = makeClient();
  server.when('GET', '/users/:id', { times: 2 }).status(503);
  const user = await client.controller.fetch(R.get, { id: 1 });
  expect(user).toMatchObject({ id: 1, name: 'Ann' });
  expect(statuses()).toEqual(['GET /users/1', 'GET /users/1', 'GET /users/1']);
  expect(client.controller.getError(R.get, { id: 1 })).toBeUndefined();
  client.destroy();
});

it('off by default: one 503 rejects after one request', async () => {
  const R = users();
  const client = makeClient();
  server.next.status(503);
  await expect(client.controller.fetch(R.get, { id: 1 })).rejects.toBeInstanceOf(NetworkError);
  expect(server.requests).toHaveLength(1);
  client.destroy();
});

it('a 4xx is never retried', async () => {
  const R = users({ retry: 3, retryDelay: 1 });
  const client = makeClient();
  server.next.status(404);
  await expect(client.controller.fetch(R.get, { id: 1 })).rejects.toMatchObject({ status: 404 });
  expect(server.requests).toHaveLength(1);
  client.destroy();
});

it('a dropped connection (no reply) is retried', async () => {
  const R = users({ retry: 1, retryDelay: 1 });
  const client = makeClient();
  server.next.drop();
  await expect(client.controller.fetch(R.get, { id: 2 })).resolves.toMatchObject({ name: 'Bob' });
  expect(server.requests).toHaveLength(2);
  client.destroy();
});

it('retries exhausted: the error reported is the last attempt\'s', async () => {
  const R = users({ retry: 1, retryDelay: 1 });
  const client = makeClient();
  server.next.status(502);
  server.next.status(503);
  await expect(client.controller.fetch(R.get, { id: 1 })).rejects.toMatchObject({ status: 503 });
  expect(server.requests).toHaveLength(2);
  expect(client.controller.getError(R.get, { id: 1 })).toMatchObject({ status: 503 });
  client.destroy();
});

it('a mutation retries only when its own endpoint asks', async () => {
  const R = users();
  const client = makeClient();
  server.when('PATCH', '/users/:id', { times: 1 }).status(503);
  await expect(client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'A' })).rejects.toMatchObject({ status: 503 });
  expect(server.requests).toHaveLength(1);
  server.requests.length = 0;
  server.when('PATCH', '/users/:id', { times: 1 }).status(503);
  const asked = R.partialUpdate.extend({ retry: 1, retryDelay: 1 });
  await expect(client.controller.fetch(asked, { id: 1 }, { name: 'B' })).resolves.toMatchObject({ name: 'B' });
  expect(statuses()).toEqual(['PATCH /users/1', 'PATCH /users/1']);
  client.destroy();
});

it('the function forms decide the count and the delay', async () => {
  const seen: [number, number][] = [];
  const R = users();
  const client = makeClient();
  const get = R.get.extend({
    retry: (failures: number, error: Error) => failures < 3 && (error as NetworkError).status === 500,
    retryDelay: (attempt: number) => {
      seen.push([attempt, server.requests.length]);
      return 1;
    },
  });
  server.when('GET', '/users/:id', { times: 5 }).status(500);
  await expect(client.controller.fetch(get, { id: 1 })).rejects.toMatchObject({ status: 500 });
  expect(server.requests).toHaveLength(3);
  expect(seen).toEqual([
    [0, 1],
    [1, 2],
  ]);
  client.destroy();
});

it('a view stays loading while retrying, then shows the data', async () => {
  const R = users({ retry: 2, retryDelay: 60 });
  const client = makeClient();
  server.when('GET', '/users/:id', { times: 2 }).status(503);
  const states: DLE<unknown>[] = [];
  const stop = client.dle(R.get, { id: 3 }).subscribe(v => states.push(v));
  await server.waitForRequests(2);
  expect(states.at(-1)).toMatchObject({ loading: true, error: undefined });
  const end = Date.now() + 3000;
  while (states.at(-1)!.data === undefined && Date.now() < end) await new Promise(r => setTimeout(r, 10));
  expect(states.at(-1)).toMatchObject({ loading: false, data: { name: 'Cid' } });
  // never an error shown, never "not loading" without data in between
  expect(states.every(s => s.error === undefined && (s.loading || s.data !== undefined))).toBe(true);
  stop();
  client.destroy();
});

it('an abort during the backoff stops the retries: no further request, no timer left', async () => {
  const R = users({ retry: 5, retryDelay: 200 });
  const client = makeClient();
  server.when('GET', '/users/:id', { times: 5 }).status(503);
  const ac = new AbortController();
  const p = client.controller.fetch(R.get.extend({ signal: ac.signal }), { id: 1 });
  await server.waitForRequests(1);
  ac.abort();
  await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  expect(client.stats()).toMatchObject({ inflight: 0, timers: 0 });
  await new Promise(r => setTimeout(r, 300));
  expect(server.requests).toHaveLength(1);
  expect(client.controller.getError(R.get, { id: 1 })).toBeUndefined();
  client.destroy();
});

it('destroy() during the backoff stops the retries', async () => {
  const R = users({ retry: 5, retryDelay: 200 });
  const client = makeClient();
  server.when('GET', '/users/:id', { times: 5 }).status(503);
  const p = client.controller.fetch(R.get, { id: 1 });
  await server.waitForRequests(1);
  client.destroy();
  await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  expect(client.stats()).toMatchObject({ inflight: 0, timers: 0 });
  await new Promise(r => setTimeout(r, 300));
  expect(server.requests).toHaveLength(1);
});

it("a resource's retry reaches its GETs, not its mutations", async () => {
  const R = users({ retry: 2, retryDelay: 1 });
  const client = makeClient();
  for (const [method, run] of [
    ['PUT', () => client.controller.fetch(R.update, { id: 1 }, { name: 'A' })],
    ['PATCH', () => client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'A' })],
    ['DELETE', () => client.controller.fetch(R.delete, { id: 1 })],
    ['POST', () => client.controller.fetch(R.getList.push, { name: 'A' })],
  ] as const) {
    server.requests.length = 0;
    server.next.status(503);
    await expect(run(), method).rejects.toMatchObject({ status: 503 });
    expect(server.requests, method).toHaveLength(1);
  }
  server.requests.length = 0;
  server.next.status(503);
  await expect(client.controller.fetch(R.getList)).resolves.toHaveLength(3);
  expect(server.requests).toHaveLength(2);
  client.destroy();
});
