// 100 000 mount/unmount cycles of vanilla views (watch, read, unwatch every signal kind) leave no
// watcher, subscription, request or watched cell, and the heap where it started (within 10%).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy, resource, type DataClient } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { User, seedUsers } from '../client/fixtures.js';
import { mb, NONE, settledHeap, watchers } from './measure.js';

const CYCLES = 100_000;
const WARMUP = 5_000;

let server: TestServer;
let client: DataClient;
let Users: ReturnType<typeof makeUsers>;
const makeUsers = (url: string) => resource({ urlPrefix: url, path: '/users/:id', schema: User });

beforeAll(async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  Users = makeUsers(server.url);
  await client.controller.fetch(Users.getList);
  for (const id of [1, 2, 3]) await client.controller.fetch(Users.get, { id });
});
afterAll(async () => {
  client.destroy();
  await server.close();
});

/** One view mounted and unmounted: every signal kind watched, read, then released. */
function cycle(i: number): void {
  const id = (i % 3) + 1;
  const signals = [
    client.dle(Users.get, { id }),
    client.suspense(Users.get, { id }),
    client.cache(Users.get, { id }),
    client.query(User, { id }),
    client.dle(Users.getList),
  ];
  let seen = 0;
  const stops = signals.map(s => s.subscribe(v => void (v !== undefined && seen++)));
  if (seen !== signals.length) throw new Error(`cycle ${i}: a view saw no data`);
  for (const stop of stops) stop();
}

describe('vanilla views', () => {
  it(`${CYCLES} mount/unmount cycles: no watcher left, heap within 10%`, async () => {
    for (let i = 0; i < WARMUP; i++) cycle(i);
    const start = await settledHeap();
    for (let i = 0; i < CYCLES; i++) cycle(i);
    expect(watchers(client)).toEqual(NONE);
    const end = await settledHeap();
    expect(end, `heap ${mb(start)} → ${mb(end)}`).toBeLessThanOrEqual(start * 1.1);
    expect(server.requests.filter(r => r.method === 'GET')).toHaveLength(4);
  });

  it('polling views (live) started and stopped 10 000 times leave no timer or subscription', async () => {
    const polled = Users.get.extend({ pollFrequency: 60_000 });
    for (let i = 0; i < 10_000; i++) {
      const stop = client.live(polled, { id: (i % 3) + 1 }).subscribe(() => {});
      stop();
    }
    expect(watchers(client)).toEqual(NONE);
  });
});
