// persist(): committed state written to a storage (throttled, flushed), restored before any view
// fetches, maxAge and buster, sync and async storages, and `client.destroy()` stopping it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRestoring, persist, resource } from '../../src/core/index.js';
import type { DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { countingStorage, makeUsers, offlineClient, settle, User, usersServer, type Users } from './fixtures.js';

let server: TestServer;
let R: Users;
const clients: DataClient[] = [];
const newClient = () => {
  const { client } = offlineClient();
  clients.push(client);
  return client;
};

beforeEach(async () => {
  server = await usersServer();
  R = makeUsers(server.url);
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  vi.useRealTimers();
  await server.close();
});

/** A first session that fetched user 1 and the list, then flushed. */
async function savedSession(storage = countingStorage()) {
  const first = newClient();
  const p = persist(first, { storage, throttleMs: 10_000 });
  await p.restored;
  await first.controller.fetch(R.get, { id: 1 });
  await first.controller.fetch(R.getList);
  await p.flush();
  first.destroy();
  server.requests.length = 0;
  return storage;
}

describe('persist', () => {
  it('restores before the first fetch: the server sees no request for restored fresh data', async () => {
    const storage = await savedSession(countingStorage(false));
    const second = newClient();
    const { restored } = persist(second, { storage });
    expect(isRestoring(second).value).toBe(true);
    // watched before the (async) restore is done: the views wait for it instead of fetching
    const one = second.dle(R.get, { id: 1 });
    const list = second.dle(R.getList);
    const stops = [one.subscribe(() => {}), list.subscribe(() => {})];
    await restored;
    expect(isRestoring(second).value).toBe(false);
    await settle(30);
    expect(one.value).toMatchObject({ loading: false, data: { id: 1, name: 'Ann' } });
    expect((list.value.data as User[]).map(u => u.id)).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(0);
    // data the restore did not bring is fetched as usual once it is done
    const bobs = second.dle(R.getList, { name: 'Bob' } as never);
    stops.push(bobs.subscribe(() => {}));
    await vi.waitFor(() => expect(bobs.value.loading).toBe(false));
    expect(server.requests.map(r => r.url)).toEqual(['/users?name=Bob']);
    for (const s of stops) s();
  });

  it('a suspense view waits for the restore instead of fetching', async () => {
    const storage = await savedSession(countingStorage(false));
    const second = newClient();
    const { restored } = persist(second, { storage });
    const view = second.suspense(R.get, { id: 1 });
    let thrown: unknown;
    try {
      void view.value;
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await restored;
    expect(view.value).toMatchObject({ id: 1, name: 'Ann' });
    expect(server.requests).toHaveLength(0);
  });

  it('restored data keeps its expiry: stale data is refetched', async () => {
    const storage = await savedSession();
    const entry = JSON.parse(storage.map.get('rest-signals')!);
    for (const m of Object.values(entry.state.meta) as { expiresAt: number }[]) m.expiresAt = Date.now() - 1;
    storage.map.set('rest-signals', JSON.stringify(entry));
    const second = newClient();
    const { restored } = persist(second, { storage });
    const one = second.dle(R.get, { id: 1 });
    const stop = one.subscribe(() => {});
    await restored;
    expect(one.value.data).toMatchObject({ id: 1, name: 'Ann' }); // stale, still shown
    await vi.waitFor(() => expect(server.requests.map(r => r.path)).toEqual(['/users/1']));
    stop();
  });

  it('throttles: many changes in one window make one storage write', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const storage = countingStorage();
    const client = newClient();
    const p = persist(client, { storage, throttleMs: 1000 });
    await p.restored;
    const before = storage.writes;
    for (let i = 0; i < 20; i++) await client.controller.setResponse(R.get, { id: 1 }, { id: 1, name: `N${i}`, count: i });
    expect(storage.writes).toBe(before);
    vi.advanceTimersByTime(999);
    expect(storage.writes).toBe(before);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(storage.writes).toBe(before + 1);
    expect(JSON.parse(storage.map.get('rest-signals')!).state.entities.User['1']).toMatchObject({ name: 'N19', count: 19 });
    // the next window: again one write
    for (let i = 0; i < 5; i++) await client.controller.setResponse(R.get, { id: 2 }, { id: 2, name: `M${i}`, count: i });
    vi.advanceTimersByTime(1000);
    await Promise.resolve();
    expect(storage.writes).toBe(before + 2);
  });

  it('a mutation paused without an optimistic update is stored by the throttled write: the queue changing alone schedules it', async () => {
    // no optimistic layer: pausing this mutation changes no store data, only the paused queue
    const plain = resource({ urlPrefix: server.url, path: '/users/:id', schema: User });
    const storage = countingStorage();
    const { client, online } = offlineClient();
    clients.push(client);
    const p = persist(client, { storage, throttleMs: 10, resources: [plain] });
    await p.restored;
    await settle(30);
    const before = storage.writes;
    online.setOnline(false);
    void client.controller.fetch(plain.partialUpdate, { id: 1 }, { name: 'queued' }).catch(() => {});
    expect(client.stats().paused).toBe(1);
    await vi.waitFor(() => expect(storage.writes).toBe(before + 1));
    const stored = JSON.parse(storage.map.get('rest-signals')!) as { paused: { args: unknown[] }[] };
    expect(stored.paused.map(m => m.args)).toEqual([[{ id: 1 }, { name: 'queued' }]]);
    await settle(30);
    expect(storage.writes).toBe(before + 1);
  });

  it('writes committed data only: no optimistic guess, no error', async () => {
    const storage = countingStorage();
    const { client, online } = offlineClient();
    clients.push(client);
    const p = persist(client, { storage, throttleMs: 10_000 });
    await p.restored;
    await client.controller.fetch(R.get, { id: 1 });
    server.next.status(404);
    await client.controller.fetch(R.get, { id: 2 }).catch(() => {});
    online.setOnline(false);
    void client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'guess' }).catch(() => {});
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'guess' });
    await p.flush();
    const entry = JSON.parse(storage.map.get('rest-signals')!);
    expect(entry.state.entities.User['1']).toMatchObject({ name: 'Ann' });
    expect(Object.keys(entry.state.meta)).toEqual([`GET ${server.url}/users/1`]);
    expect(JSON.stringify(entry)).not.toContain('error');
    expect(entry.paused).toEqual([]); // no `resources`: paused mutations live as long as the page
  });

  it('drops data older than maxAge', async () => {
    const storage = await savedSession();
    const entry = JSON.parse(storage.map.get('rest-signals')!);
    entry.savedAt = Date.now() - 5_000;
    storage.map.set('rest-signals', JSON.stringify(entry));
    const second = newClient();
    await persist(second, { storage, maxAge: 1_000 }).restored;
    expect(second.controller.get(User, { id: 1 })).toBeUndefined();
    expect(storage.map.has('rest-signals')).toBe(false);
    const third = newClient();
    storage.map.set('rest-signals', JSON.stringify(entry));
    await persist(third, { storage, maxAge: 60_000 }).restored;
    expect(third.controller.get(User, { id: 1 })).toMatchObject({ name: 'Ann' });
  });

  it('drops a result fetched longer than maxAge ago, even in an entry written recently', async () => {
    const storage = await savedSession();
    const entry = JSON.parse(storage.map.get('rest-signals')!);
    const listKey = `GET ${server.url}/users`;
    entry.state.meta[listKey].fetchedAt = Date.now() - 5_000;
    storage.map.set('rest-signals', JSON.stringify(entry));
    const second = newClient();
    await persist(second, { storage, maxAge: 1_000 }).restored;
    expect(Object.keys(second.controller.getState().meta)).toEqual([`GET ${server.url}/users/1`]);
    expect(second.controller.getResponse(R.get, { id: 1 }).data).toMatchObject({ name: 'Ann' });
  });

  it('drops data written under another buster', async () => {
    const storage = countingStorage();
    const first = newClient();
    const p = persist(first, { storage, buster: 'v1' });
    await p.restored;
    await first.controller.fetch(R.get, { id: 1 });
    await p.flush();
    first.destroy();
    const same = newClient();
    await persist(same, { storage, buster: 'v1' }).restored;
    expect(same.controller.get(User, { id: 1 })).toMatchObject({ name: 'Ann' });
    same.destroy();
    const next = newClient();
    await persist(next, { storage, buster: 'v2' }).restored;
    expect(next.controller.get(User, { id: 1 })).toBeUndefined();
  });

  it('flush on pagehide and when the page is hidden', async () => {
    const listeners = new Map<string, () => void>();
    const fakeWindow = {
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    vi.stubGlobal('window', fakeWindow);
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    try {
      const storage = countingStorage();
      const client = newClient();
      const p = persist(client, { storage, throttleMs: 60_000 });
      await p.restored;
      await client.controller.fetch(R.get, { id: 1 });
      const before = storage.writes;
      listeners.get('pagehide')!();
      await vi.waitFor(() => expect(storage.writes).toBe(before + 1));
      await client.controller.fetch(R.get, { id: 2 });
      listeners.get('visibilitychange')!();
      await vi.waitFor(() => expect(storage.writes).toBe(before + 2));
      expect(Object.keys(JSON.parse(storage.map.get('rest-signals')!).state.entities.User).sort()).toEqual(['1', '2']);
      client.destroy();
      expect(listeners.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('client.destroy() stops it: no timer, no further write', async () => {
    const storage = countingStorage();
    const client = newClient();
    const p = persist(client, { storage, throttleMs: 20 });
    await p.restored;
    await client.controller.fetch(R.get, { id: 1 });
    const before = storage.writes;
    client.destroy();
    await settle(60);
    expect(storage.writes).toBe(before);
  });

  it('stop() stops writing; the stored entry stays', async () => {
    const storage = countingStorage();
    const client = newClient();
    const p = persist(client, { storage, throttleMs: 10 });
    await p.restored;
    await client.controller.fetch(R.get, { id: 1 });
    await p.flush();
    p.stop();
    const before = storage.writes;
    await client.controller.fetch(R.get, { id: 2 });
    await settle(40);
    expect(storage.writes).toBe(before);
    expect(storage.map.has('rest-signals')).toBe(true);
  });

  it('refuses bad options with a TypeError naming the option', () => {
    const client = newClient();
    expect(() => persist(client, {} as never)).toThrow(/persist: option storage/);
    expect(() => persist(client, { storage: countingStorage(), throttleMs: -1 })).toThrow(/option throttleMs/);
    expect(() => persist(client, { storage: countingStorage(), key: '' })).toThrow(/option key/);
  });
});
