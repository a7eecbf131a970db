// A polled view (client.live) through a run of faults: a 5xx (soft: the last good data stays, no
// error shown), malformed JSON and a reset connection (shown as errors beside the last data), a
// reply slower than the poll interval (polls never overlap), then recovery (the server's change
// shows and the error clears). Unwatching stops the timer.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy, resource, type DataClient, type DLE } from '../../src/core/index.js';
import { createTestServer, type MemoryResource, type TestServer } from '../server/createTestServer.js';
import { User, seedUsers } from '../client/fixtures.js';
import { trackTimers, type TimerTracker } from './timerTracker.js';

let server: TestServer;
let users: MemoryResource;
let client: DataClient;
let timers: TimerTracker;
beforeEach(async () => {
  server = await createTestServer();
  users = server.resource('/users', seedUsers());
  client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  timers = trackTimers();
});
afterEach(async () => {
  timers.restore();
  client.destroy();
  await server.close();
});

// the poll interval (100 ms) leaves each check several polls of margin on a loaded machine; the slow
// reply (250 ms) is still longer than the interval, and the wait after unwatching longer than both
const until = async (check: () => boolean, what: string, ms = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 5));
  }
};

it('polling survives 5xx, malformed JSON, a reset and a slow reply, then shows the server again', async () => {
  const Users = resource({ urlPrefix: server.url, path: '/users/:id', schema: User, pollFrequency: 100 });
  await client.controller.fetch(Users.get, { id: 1 });
  let concurrent = 0;
  let maxConcurrent = 0;
  server.route('GET', '/users/:id', async req => {
    maxConcurrent = Math.max(maxConcurrent, ++concurrent);
    try {
      if (server.requests.length === 4) await new Promise(r => setTimeout(r, 250));
      return { ...users.get(req.params.id!)! };
    } finally {
      concurrent--;
    }
  });
  server.requests.length = 0;
  server.next.status(500);
  server.next.malformed();
  server.next.reset();

  const seen: DLE<unknown>[] = [];
  const view = client.live(Users.get, { id: 1 });
  const stop = view.subscribe(v => void seen.push(v));
  await until(() => server.requests.length >= 1 && !view.value.loading, 'the 500 poll');
  // 5xx is soft: data stays, no error shown
  expect(view.value.error).toBeUndefined();
  expect(view.value.data).toMatchObject({ name: 'Ann' });
  await until(() => seen.some(v => v.error?.name === 'ParseError' && /malformed JSON/.test(v.error.message)), 'the malformed poll');
  await until(() => seen.some(v => v.error?.name === 'ParseError' && /reading the body failed/.test(v.error.message)), 'the reset poll');
  // the error is shown beside the last good data
  expect(seen.filter(v => v.error).every(v => (v.data as User | undefined)?.name === 'Ann')).toBe(true);
  users.get(1)!.name = 'Changed';
  await until(() => (view.value.data as User).name === 'Changed' && !view.value.error, 'recovery');
  expect(maxConcurrent).toBe(1);
  expect(client.stats().subscriptions).toBe(1);
  stop();
  expect(client.stats()).toMatchObject({ subscriptions: 0, timers: 0, watchedViews: 0 });
  await until(() => client.stats().inflight === 0, 'the last poll');
  const sent = server.requests.length;
  await new Promise(r => setTimeout(r, 250));
  expect(server.requests.length).toBe(sent);
  expect(timers.pending()).toEqual([]);
});
