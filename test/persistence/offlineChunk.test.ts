// The offline queue is its own chunk (`OfflineGate`), loaded when something asks for it. These
// specs go offline before that chunk can have arrived (synchronously after the client is made:
// an `import()` never settles in the same tick) and check that nothing slips past it: requests
// sent meanwhile pause, count as paused, keep their issue order and leave one at a time; an abort
// or a destroy meanwhile rejects at once. A client that is never offline sends without it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy, NetworkManager, OnlineManager, type DataClient } from '../../src/core/index.js';
import { internalsOf } from '../../src/core/controller/internal.js';
import type { TestServer } from '../server/createTestServer.js';
import { makeUsers, settle, User, usersServer, type Users } from './fixtures.js';

let server: TestServer;
let R: Users;
let client: DataClient;

beforeEach(async () => {
  server = await usersServer();
  R = makeUsers(server.url);
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

/** A client whose OnlineManager says offline from the start: its gate asks for the chunk now. */
function offlineFromStart(): OnlineManager {
  const online = new OnlineManager({ source: () => () => {}, offlineSource: () => () => {}, isOnline: () => false });
  client = createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [new NetworkManager(), online] });
  return online;
}

describe('going offline before the offline gate chunk arrived', () => {
  it('mutations sent meanwhile are paused at once, shown, counted, and leave in issue order one at a time', async () => {
    const online = offlineFromStart();
    // what the page already shows (a write, not a request: it needs no gate)
    void client.controller.setResponse(R.get, { id: 1 }, { id: 1, name: 'Ann', count: 0 });
    const p1 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'A1' });
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 5 });
    const p3 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'A3' });
    // still in the same tick: the chunk cannot be there yet, and the gate already holds them
    expect(client.stats().paused).toBe(3);
    expect(internalsOf(client.controller).gate.pausedMutations().map(m => m.args[1])).toEqual([{ name: 'A1' }, { count: 5 }, { name: 'A3' }]);
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'A3', count: 5 });
    await settle(60);
    // the chunk arrived: they are in its queue now, still paused, nothing sent
    expect(client.stats().paused).toBe(3);
    expect(server.requests).toHaveLength(0);

    const held = server.next.hold();
    online.setOnline(true);
    await held.arrived;
    await settle(50);
    // the first leaves alone; the next waits for its reply
    expect(server.requests).toHaveLength(1);
    await held();
    await Promise.all([p1, p2, p3]);
    expect(server.requests.map(r => r.json)).toEqual([{ name: 'A1' }, { count: 5 }, { name: 'A3' }]);
    expect(client.controller.getState().entities.User!['1']).toMatchObject({ name: 'A3', count: 5 });
    expect(client.stats()).toMatchObject({ paused: 0, inflight: 0 });
  });

  it('back online before the chunk arrived: the waiting mutations still leave one at a time, in order', async () => {
    const online = offlineFromStart();
    const p1 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'B1' });
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'B2' });
    const held = server.next.hold();
    online.setOnline(true);
    // nothing was sent synchronously: they wait for the chunk that orders them
    expect(server.requests).toHaveLength(0);
    await held.arrived;
    await settle(50);
    expect(server.requests.map(r => r.json)).toEqual([{ name: 'B1' }]);
    await held();
    await Promise.all([p1, p2]);
    expect(server.requests.map(r => r.json)).toEqual([{ name: 'B1' }, { name: 'B2' }]);
  });

  it('a GET sent meanwhile waits until online, then is sent', async () => {
    const online = offlineFromStart();
    const user = client.controller.fetch(R.get, { id: 2 });
    await settle(60);
    expect(server.requests).toHaveLength(0);
    online.setOnline(true);
    await expect(user).resolves.toMatchObject({ id: 2 });
    expect(server.requests.map(r => `${r.method} ${r.path}`)).toEqual(['GET /users/2']);
  });

  it('an abort meanwhile rejects at once with its reason; the mutation is never sent', async () => {
    const online = offlineFromStart();
    const abort = new AbortController();
    const aborted = client.controller.fetch(R.partialUpdate.extend({ signal: abort.signal }), { id: 1 }, { name: 'never' });
    const kept = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'kept' });
    expect(client.stats().paused).toBe(2);
    const reason = new DOMException('stop', 'AbortError');
    abort.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    expect(client.stats().paused).toBe(1);
    online.setOnline(true);
    await kept;
    expect(server.requests.map(r => r.json)).toEqual([{ name: 'kept' }]);
  });

  it('a destroy meanwhile rejects the waiting requests with an AbortError naming the endpoint', async () => {
    offlineFromStart();
    const p = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'gone' });
    client.destroy();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    await settle(60);
    expect(server.requests).toHaveLength(0);
  });
});

describe('a client that is never offline', () => {
  it('sends without the offline gate: the request leaves in the same call', async () => {
    client = createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [new NetworkManager()] });
    const gate = internalsOf(client.controller).gate;
    let sent = false;
    const reply = gate.send(true, R.partialUpdate, [{ id: 1 }, {}], new AbortController().signal, () => {
      sent = true;
      return Promise.resolve('ok');
    });
    expect(sent).toBe(true);
    await expect(reply).resolves.toBe('ok');
    await expect(client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'C' })).resolves.toMatchObject({ name: 'C' });
  });
});
