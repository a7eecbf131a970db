// Bug 6: stats().timers counts the timers of live work that exist (polling intervals that run,
// retry backoffs that wait), not the subscriptions. Bug 4: on a server (no window) the GC arms no timer.
import { afterEach, expect, it, vi } from 'vitest';
import { createDataClient, GCPolicy } from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';
import { makeClient, seedUsers } from '../../client/fixtures.js';
import { makeUsers } from '../harness.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('a subscription with no finite frequency counts no timer; a polling one counts one', async () => {
  const srv = (server = await createTestServer());
  srv.resource('/users', seedUsers());
  const client = makeClient();
  const R = makeUsers(srv.url, false);
  const polled = R.get.extend({ pollFrequency: 10_000 });
  await client.controller.subscribe(polled, { id: 1 });
  expect(client.stats()).toMatchObject({ subscriptions: 1, timers: 1 });
  await client.controller.unsubscribe(polled, { id: 1 });
  expect(client.stats()).toMatchObject({ subscriptions: 0, timers: 0 });
  client.destroy();
});

it('a retry waiting for its next attempt counts as a timer until it fires', async () => {
  const srv = (server = await createTestServer());
  srv.resource('/users', seedUsers());
  const client = makeClient();
  const R = makeUsers(srv.url, false);
  srv.next.status(503);
  const p = client.controller.fetch(R.get.extend({ retry: 1, retryDelay: 200 }), { id: 1 });
  await srv.waitForRequests(1);
  const end = Date.now() + 2000;
  while (client.stats().timers === 0 && Date.now() < end) await new Promise(r => setTimeout(r, 5));
  expect(client.stats()).toMatchObject({ timers: 1, inflight: 1 });
  await p;
  expect(client.stats()).toMatchObject({ timers: 0, inflight: 0 });
  client.destroy();
});

it('on a server (no window) a client arms no GC timer, so an undestroyed client holds nothing alive', () => {
  expect(typeof window).toBe('undefined');
  const setInterval = vi.spyOn(globalThis, 'setInterval');
  try {
    const client = createDataClient({ gcPolicy: new GCPolicy({ intervalMS: 1000 }) });
    expect(setInterval).not.toHaveBeenCalled();
    expect(client.stats().timers).toBe(0);
    client.destroy();
  } finally {
    setInterval.mockRestore();
  }
});
