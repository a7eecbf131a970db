// Bug 2: views are shared by endpoint identity and key, never by key alone: an extended endpoint
// (other polling, other expiry) gets a view of its own, with its own options.
import { afterEach, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';
import { makeClient, seedUsers } from '../../client/fixtures.js';
import { makeUsers, settle } from '../harness.js';

let server: TestServer;
afterEach(() => server.close());

it('client.live of an extended endpoint polls at its own frequency, not at the view watched first', async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  const client = makeClient();
  const R = makeUsers(server.url, false);
  const slow = R.get.extend({ pollFrequency: 60_000 });
  const fast = R.get.extend({ pollFrequency: 40 });
  const a = client.live(slow, { id: 1 });
  const stopA = a.subscribe(() => {});
  const b = client.live(fast, { id: 1 });
  expect(b).not.toBe(a);
  const stopB = b.subscribe(() => {});
  // one initial GET, then polling every 40 ms (the fast endpoint's); at 60 s there would be one
  const end = Date.now() + 5000;
  while (server.requests.length < 3 && Date.now() < end) await settle(20);
  expect(server.requests.filter(r => r.method === 'GET').length).toBeGreaterThanOrEqual(3);
  stopA();
  stopB();
  expect(client.stats()).toMatchObject({ watchedViews: 0, subscriptions: 0, timers: 0 });
  client.destroy();
});

it('the same endpoint object and key share one view while watched; another endpoint object does not', async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  const client = makeClient();
  const R = makeUsers(server.url, false);
  const first = client.dle(R.get, { id: 1 });
  const stop = first.subscribe(() => {});
  expect(client.dle(R.get, { id: 1 })).toBe(first);
  expect(client.dle(R.get.extend({ dataExpiryLength: 5 }), { id: 1 })).not.toBe(first);
  // dle and live of one endpoint are different kinds of view
  expect(client.live(R.get, { id: 1 })).not.toBe(first);
  stop();
  client.destroy();
});
