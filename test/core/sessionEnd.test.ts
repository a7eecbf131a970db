// A reset (a logout) is a date: nothing of the session before it survives anywhere. A reply to a
// request started before it is dropped on every path (network, other tabs, a persistence
// restore); the persisted entry and paused mutations go at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createDataClient,
  getDefaultManagers,
  ImmortalGCPolicy,
  persist,
  TabSyncManager,
  type DataClient,
  type PersistStorage,
} from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, User } from '../client/fixtures.js';
import { countingStorage, makeUsers, offlineClient, usersServer } from '../persistence/fixtures.js';

let server: TestServer;
const clients: DataClient[] = [];
const channels: BroadcastChannel[] = [];
let n = 0;

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  clients.splice(0).forEach(c => c.destroy());
  channels.splice(0).forEach(c => c.close());
  await server.close();
});

const settle = (ms = 30) => new Promise(r => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 3000): Promise<void> {
  for (const end = Date.now() + ms; !cond(); await settle(5)) if (Date.now() > end) throw new Error('condition not reached');
}
const track = (c: DataClient): DataClient => (clients.push(c), c);

/** `storage` whose reads wait for `release()`: a restore still reading while the test writes. */
function slowReads(storage: PersistStorage): { slow: PersistStorage; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>(r => (release = r));
  const slow: PersistStorage = {
    getItem: async key => (await gate, storage.getItem(key)),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: key => storage.removeItem(key),
  };
  return { slow, release };
}

describe('logout in one tab', () => {
  const channel = () => `session-end-${process.pid}-${++n}`;
  const tab = (name: string) => track(makeClient({ managers: [new TabSyncManager({ channel: name }), ...getDefaultManagers()] }));

  it('aborts the other tab’s request in flight: its reply lands in no tab', async () => {
    const name = channel();
    const a = tab(name);
    const b = tab(name);
    const ep = api(server.url);
    const hold = server.next.hold();
    const pending = b.controller.fetch(ep.getUser, { id: 1 });
    await hold.arrived;
    await a.controller.resetEntireStore();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(b.stats().inflight).toBe(0);
    await hold();
    await settle(60);
    for (const c of [a, b]) {
      expect(c.controller.get(User, { id: 1 })).toBeUndefined();
      expect(c.controller.getState().entities).toEqual({});
    }
  });

  it('a write of the old session that reaches a tab after its reset is dropped, and not shared again', async () => {
    const name = channel();
    const a = tab(name);
    const b = tab(name);
    const ep = api(server.url);
    // what the tabs post, as any other tab receives it
    const seen: unknown[] = [];
    const spy = new BroadcastChannel(name);
    channels.push(spy);
    spy.onmessage = e => seen.push(e.data);
    await b.controller.fetch(ep.getUser, { id: 1 });
    await until(() => seen.length === 1 && a.controller.get(User, { id: 1 }) !== undefined);
    const oldWrite = seen[0];
    await a.controller.resetEntireStore();
    await until(() => b.controller.get(User, { id: 1 }) === undefined);
    seen.length = 0;
    // the old session's write arrives late, from a tab that had not heard of the logout yet
    const late = new BroadcastChannel(name);
    channels.push(late);
    late.postMessage(oldWrite);
    await settle(60);
    expect(a.controller.get(User, { id: 1 })).toBeUndefined();
    expect(b.controller.get(User, { id: 1 })).toBeUndefined();
    // the spy saw the late post itself, and neither tab shared it again
    expect(seen).toEqual([oldWrite]);
  });
});


describe('logout and persistence', () => {
  it('removes the persisted entry at once, not after the write throttle', async () => {
    const storage = countingStorage();
    const client = track(makeClient());
    const p = persist(client, { storage, key: 'app', throttleMs: 60_000 });
    await p.restored;
    const ep = api(server.url);
    await client.controller.fetch(ep.getUsers);
    await p.flush();
    expect(storage.map.get('app')).toContain('Ann');
    await client.controller.fetch(ep.getUser, { id: 2 });
    await client.controller.resetEntireStore();
    await settle(0);
    expect(storage.map.has('app')).toBe(false);
  });

  it('drops paused mutations in memory and in storage: none is sent under the next session', async () => {
    await server.close();
    server = await usersServer();
    const storage = countingStorage();
    const { client, online } = offlineClient();
    track(client);
    const Users = makeUsers(server.url);
    const p = persist(client, { storage, key: 'app', throttleMs: 60_000, resources: [Users] });
    await p.restored;
    await client.controller.fetch(Users.get, { id: 1 });
    online.setOnline(false);
    const paused = client.controller.fetch(Users.partialUpdate, { id: 1 }, { name: 'typed by user one' });
    paused.catch(() => {});
    expect(client.stats().paused).toBe(1);
    await p.flush();
    expect(storage.map.get('app')).toContain('partialUpdate');
    await client.controller.resetEntireStore();
    await expect(paused).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.stats().paused).toBe(0);
    await settle(0);
    expect(storage.map.has('app')).toBe(false);
    online.setOnline(true);
    await settle(60);
    expect(server.requests.filter(r => r.method === 'PATCH')).toEqual([]);
  });

  it('a restore that was reading storage when the reset came restores nothing and sends no stored mutation', async () => {
    await server.close();
    server = await usersServer();
    const Users = makeUsers(server.url);
    // the previous session left data and a paused mutation on disk
    const storage = countingStorage();
    {
      const { client, online } = offlineClient();
      const p = persist(client, { storage, key: 'app', resources: [Users] });
      await p.restored;
      await client.controller.fetch(Users.get, { id: 1 });
      online.setOnline(false);
      client.controller.fetch(Users.partialUpdate, { id: 1 }, { name: 'old session' }).catch(() => {});
      await p.flush();
      p.stop();
      client.destroy();
    }
    const { slow, release } = slowReads(storage);
    const client = track(createDataClient({ gcPolicy: new ImmortalGCPolicy() }));
    const p = persist(client, { storage: slow, key: 'app', resources: [Users] });
    await client.controller.resetEntireStore();
    release();
    await p.restored;
    await settle(60);
    expect(client.controller.getState().entities).toEqual({});
    expect(server.requests.filter(r => r.method === 'PATCH')).toEqual([]);
  });
});

describe('persist restore merges by date', () => {
  it('an entity fetched while the restore reads storage keeps its newer value', async () => {
    const storage = countingStorage();
    const ep = api(server.url);
    {
      const old = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
      const p = persist(old, { storage, key: 'app' });
      await p.restored;
      await old.controller.setResponse(ep.getUser, { id: 1 }, { id: 1, name: 'Stored', count: 0 });
      await p.flush();
      p.stop();
      old.destroy();
    }
    const { slow, release } = slowReads(storage);
    const client = track(createDataClient({ gcPolicy: new ImmortalGCPolicy() }));
    const p = persist(client, { storage: slow, key: 'app' });
    // written while the restore reads: a reply (newer than anything stored)
    await client.controller.fetch(ep.getUsers);
    release();
    await p.restored;
    expect(client.controller.get(User, { id: 1 })?.name).toBe('Ann');
  });
});
