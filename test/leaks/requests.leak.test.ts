// Thousands of requests through one client, with a long-lived caller AbortSignal on the endpoint
// (each request combines it with the client's own): no abort listener stays on the caller's
// signal, nothing stays in flight, and the heap stays where it started (within 10%).
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy, resource } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { User, seedUsers } from '../client/fixtures.js';
import { mb, NONE, settledHeap, watchers } from './measure.js';

const REQUESTS = 3_000;
const WARMUP = 1_000;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
});
afterAll(() => server.close());

it(`${REQUESTS} requests with a caller's signal leave no listener, request or heap growth`, async () => {
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  const caller = new AbortController();
  const Users = resource({ urlPrefix: server.url, path: '/users/:id', schema: User });
  const get = Users.get.extend({ signal: caller.signal });
  const update = Users.partialUpdate.extend({ signal: caller.signal });
  const run = async (i: number) => {
    await client.controller.fetch(get, { id: (i % 3) + 1 });
    if (i % 10 === 0) await client.controller.fetch(update, { id: 1 }, { name: `n${i % 7}` });
    // the test server records every request; keep its log from growing
    server.requests.length = 0;
  };
  for (let i = 0; i < WARMUP; i++) await run(i);
  const start = await settledHeap();
  for (let i = 0; i < REQUESTS; i++) await run(i);
  const end = await settledHeap();
  expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  expect(watchers(client)).toEqual(NONE);
  expect(end, `heap ${mb(start)} → ${mb(end)}`).toBeLessThanOrEqual(start * 1.1);
  client.destroy();
}, 60_000);
