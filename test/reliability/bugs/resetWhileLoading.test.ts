// Bug 1: a watched view whose request is in flight when the store is reset must not stay loading
// with nothing in flight: "in flight" falls with the reset, so the view refetches at once.
import { afterEach, expect, it } from 'vitest';
import { LogoutManager, getDefaultManagers, createDataClient, ImmortalGCPolicy, NetworkError, type DLE } from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';
import { makeUsers, settle } from '../harness.js';
import { seedUsers } from '../../client/fixtures.js';

let server: TestServer;
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) s();
  await server?.close();
});

async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await settle(5);
  }
}

it.each(['dle', 'live'] as const)('a watched %s view refetches after resetEntireStore() during its GET', async kind => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  const R = makeUsers(server.url, false);
  const hold = server.next.hold();
  const view = client[kind](R.get, { id: 1 });
  let last: DLE<unknown> | undefined;
  stops.push(view.subscribe(v => (last = v)));
  await hold.arrived;
  expect(last!.loading).toBe(true);
  await client.controller.resetEntireStore();
  // nothing is in flight right after the reset, so the view has already asked again
  await waitFor(() => server.requests.length === 2);
  await hold();
  await waitFor(() => last!.data !== undefined);
  expect(last).toMatchObject({ loading: false, error: undefined, data: { id: 1, name: 'Ann' } });
  expect(client.stats().inflight).toBe(0);
  client.destroy();
});

it('a LogoutManager logout during a GET leaves no view loading forever', async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [new LogoutManager(), ...getDefaultManagers()] });
  const R = makeUsers(server.url, false);
  await client.controller.fetch(R.get, { id: 1 });
  const hold = server.next.hold();
  const view = client.dle(R.get, { id: 2 });
  let last: DLE<unknown> | undefined;
  stops.push(view.subscribe(v => (last = v)));
  await hold.arrived;
  // a 401 on another request logs out while GET /users/2 is held
  server.next.status(401);
  await expect(client.controller.fetch(R.get, { id: 3 })).rejects.toBeInstanceOf(NetworkError);
  await hold();
  await waitFor(() => last!.loading === false);
  expect(last!.data).toMatchObject({ id: 2, name: 'Bob' });
  expect(client.stats().inflight).toBe(0);
  client.destroy();
});
