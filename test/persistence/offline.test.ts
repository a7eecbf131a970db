// Offline mutations: while the client's OnlineManager says offline, mutations are paused, not
// failed; their optimistic layer shows at once; they leave one at a time in issue order when
// online again, and each caller's promise settles then. GETs wait too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { layers, makeUsers, offlineClient, settle, User, usersServer, type Users } from './fixtures.js';
import type { DataClient, OnlineManager } from '../../src/core/index.js';

let server: TestServer;
let client: DataClient;
let online: OnlineManager;
let R: Users;

beforeEach(async () => {
  server = await usersServer();
  R = makeUsers(server.url);
  ({ client, online } = offlineClient());
  await client.controller.fetch(R.get, { id: 1 });
  server.requests.length = 0;
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const shown = () => client.controller.get(User, { id: 1 }) as User;
const committed = () => (client.controller.getState().entities.User as Record<string, User>)['1'];

describe('offline mutations', () => {
  it('three mutations on one entity: shown at once, sent in issue order one at a time when online, callers settle then', async () => {
    online.setOnline(false);
    const outcomes: string[] = [];
    const p1 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'A1' }).then(() => outcomes.push('1'));
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 5 }).then(() => outcomes.push('2'));
    const p3 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'A3' }).then(() => outcomes.push('3'));
    // the optimistic layers show at once, composed in issue order; nothing was sent
    expect(shown()).toMatchObject({ name: 'A3', count: 5 });
    expect(committed()).toMatchObject({ name: 'Ann', count: 0 });
    expect(client.stats().paused).toBe(3);
    await settle(60);
    expect(server.requests).toHaveLength(0);
    expect(outcomes).toEqual([]);
    expect(client.stats().paused).toBe(3);

    // back online: the first leaves alone; the second waits for its reply
    const held = server.next.hold();
    online.setOnline(true);
    await held.arrived;
    await settle(50);
    expect(server.requests).toHaveLength(1);
    expect(client.stats().paused).toBe(2);
    await held();
    await Promise.all([p1, p2, p3]);
    expect(outcomes).toEqual(['1', '2', '3']);
    expect(server.requests.map(r => r.json)).toEqual([{ name: 'A1' }, { count: 5 }, { name: 'A3' }]);
    expect(committed()).toMatchObject({ id: 1, name: 'A3', count: 5 });
    expect(shown()).toMatchObject({ id: 1, name: 'A3', count: 5 });
    expect(layers(client)).toBe(0);
    expect(client.stats()).toMatchObject({ paused: 0, inflight: 0 });
  });

  it('a mutation rejected after reconnecting rolls back only its own layer and rejects its caller', async () => {
    online.setOnline(false);
    const p1 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'X' });
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 9 });
    const p3 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'Z' });
    expect(shown()).toMatchObject({ name: 'Z', count: 9 });
    online.setOnline(true);
    await p1;
    const error = await p2.then(
      () => undefined,
      (e: unknown) => e,
    );
    await p3;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(422);
    // the first and third stand (server truth); the second's count is gone
    expect(shown()).toMatchObject({ name: 'Z', count: 0 });
    expect(committed()).toMatchObject({ name: 'Z', count: 0 });
    expect(server.requests.map(r => r.json)).toEqual([{ name: 'X' }, { count: 9 }, { name: 'Z' }]);
    expect(layers(client)).toBe(0);
  });

  it('a mutation issued while the queue drains goes after it', async () => {
    online.setOnline(false);
    const p1 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'first' });
    const held = server.next.hold();
    online.setOnline(true);
    await held.arrived;
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'second' });
    await settle(40);
    expect(server.requests).toHaveLength(1);
    await held();
    await Promise.all([p1, p2]);
    expect(server.requests.map(r => r.json)).toEqual([{ name: 'first' }, { name: 'second' }]);
    expect(committed()).toMatchObject({ name: 'second' });
  });

  it('online again, mutations are sent at once (no queue)', async () => {
    online.setOnline(false);
    online.setOnline(true);
    const p = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'now' });
    expect(client.stats().paused).toBe(0);
    expect(client.stats().inflight).toBe(1);
    await p;
    expect(server.requests).toHaveLength(1);
  });

  it('aborting a paused mutation rejects it, drops its layer and keeps the rest of the queue', async () => {
    online.setOnline(false);
    const ac = new AbortController();
    const p1 = client.controller.fetch(R.partialUpdate.extend({ signal: ac.signal }), { id: 1 }, { name: 'never' });
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 2 });
    expect(shown()).toMatchObject({ name: 'never', count: 2 });
    ac.abort();
    await expect(p1).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.stats().paused).toBe(1);
    expect(shown()).toMatchObject({ name: 'Ann', count: 2 });
    online.setOnline(true);
    await p2;
    expect(server.requests.map(r => r.json)).toEqual([{ count: 2 }]);
    expect(layers(client)).toBe(0);
  });

  it('destroy rejects paused mutations and leaves nothing waiting', async () => {
    online.setOnline(false);
    const p = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'gone' });
    const g = client.controller.fetch(R.get, { id: 2 });
    client.destroy();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    await expect(g).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.stats()).toMatchObject({ paused: 0, inflight: 0 });
    online.setOnline(true);
    await settle(30);
    expect(server.requests).toHaveLength(0);
  });

  it('a create and a delete made offline are sent in order; the list shows no duplicate', async () => {
    await client.controller.fetch(R.getList);
    const list = client.dle(R.getList);
    const stop = list.subscribe(() => {});
    server.requests.length = 0;
    online.setOnline(false);
    const created = client.controller.fetch(R.getList.push, { id: 4, name: 'Dee', count: 0 });
    const removed = client.controller.fetch(R.delete, { id: 2 });
    const ids = () => (list.value.data as User[]).map(u => u.id);
    expect(ids()).toEqual([1, 3, 4]);
    online.setOnline(true);
    await Promise.all([created, removed]);
    expect(server.requests.map(r => `${r.method} ${r.path}`)).toEqual(['POST /users', 'DELETE /users/2']);
    expect(ids()).toEqual([1, 3, 4]);
    stop();
  });
});

describe('GETs while offline', () => {
  it('a view waits (loading) without a request, and fetches once when online', async () => {
    online.setOnline(false);
    const view = client.dle(R.get, { id: 2 });
    const stop = view.subscribe(() => {});
    await settle(50);
    expect(view.value.loading).toBe(true);
    expect(view.value.error).toBeUndefined();
    expect(server.requests).toHaveLength(0);
    expect(client.stats().paused).toBe(0);
    online.setOnline(true);
    await vi.waitFor(() => expect(view.value).toMatchObject({ loading: false, data: { id: 2, name: 'Bob' } }));
    expect(server.requests.map(r => r.path)).toEqual(['/users/2']);
    stop();
  });

  it('stale watched data is refetched when the network comes back', async () => {
    const view = client.dle(R.get, { id: 1 });
    const stop = view.subscribe(() => {});
    online.setOnline(false);
    await client.controller.expireAll({ testKey: () => true });
    await settle(30);
    // the stale view's refetch waits at the gate: nothing is sent
    expect(server.requests).toHaveLength(0);
    expect(view.value.loading).toBe(true);
    online.setOnline(true);
    await vi.waitFor(() => expect(view.value.loading).toBe(false));
    expect(server.requests.filter(r => r.path === '/users/1')).toHaveLength(1);
    stop();
  });
});

describe('pausedMutations', () => {
  it('lists the waiting mutations by endpoint name and arguments, as a signal', async () => {
    const { pausedMutations } = await import('../../src/core/index.js');
    const paused = pausedMutations(client);
    const seen: number[] = [];
    const stop = paused.subscribe(list => seen.push(list.length));
    online.setOnline(false);
    const p = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'later' });
    expect(paused.value).toEqual([{ endpoint: 'User.partialUpdate', args: [{ id: 1 }, { name: 'later' }] }]);
    online.setOnline(true);
    await p;
    expect(paused.value).toEqual([]);
    expect(seen).toEqual([0, 1, 0]);
    stop();
  });
});
