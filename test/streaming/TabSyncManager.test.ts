import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestEndpoint, TabSyncManager, getDefaultManagers, type DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { toWriteSet } from '../../src/core/store/schemaOps.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, Post, startServer, User } from '../client/fixtures.js';

// Each client stands for one tab; Node's BroadcastChannel delivers between instances of one process.
let server: TestServer;
let ep: ReturnType<typeof api>;
let channel: string;
const tabs: DataClient[] = [];
const listeners: BroadcastChannel[] = [];
let n = 0;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  channel = `tab-sync-test-${++n}`;
});
afterEach(async () => {
  tabs.splice(0).forEach(t => t.destroy());
  listeners.splice(0).forEach(l => l.close());
  await server.close();
});

function tab(): DataClient {
  const client = makeClient({ managers: [new TabSyncManager({ channel }), ...getDefaultManagers()] });
  tabs.push(client);
  return client;
}

/** Every message posted on the channel, as a third tab sees it. */
function spy(): unknown[] {
  const seen: unknown[] = [];
  const l = new BroadcastChannel(channel);
  l.onmessage = e => seen.push(e.data);
  listeners.push(l);
  return seen;
}

const settle = () => new Promise(r => setTimeout(r, 30));
const until = async (cond: () => boolean): Promise<void> => {
  for (const end = Date.now() + 5000; !cond(); await settle()) if (Date.now() > end) throw new Error('timed out waiting');
};
const user = (c: DataClient, id: number) => c.controller.get(User, { id }) as User | undefined;

describe('TabSyncManager', () => {
  it('a reply received in one tab shows in the other without a request', async () => {
    const a = tab();
    const b = tab();
    const view = b.dle(ep.getUser, { id: 1 });
    // b's view reads the cache only once a's reply arrived: it never fetches itself
    const cached = b.cache(ep.getUsers);
    await a.controller.fetch(ep.getUsers);
    await until(() => b.controller.getResponse(ep.getUsers).data !== undefined);
    expect(cached.value?.map(u => u.name)).toEqual(['Ann', 'Bob', 'Cid']);
    const stop = effect(() => void view.value);
    expect(view.value.data?.name).toBe('Ann');
    expect(server.requests.filter(r => r.path === '/users/1')).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
    stop();
  });

  it('controller.set, invalidations and deletes reach the other tab; exactly the views of that entity re-run', async () => {
    const a = tab();
    const b = tab();
    await a.controller.fetch(ep.getUsers);
    await until(() => user(b, 2) !== undefined);
    const runs = { 1: 0, 2: 0 };
    const stops = ([1, 2] as const).map(id => {
      const v = b.cache(ep.getUser, { id });
      return effect(() => void (v.value, runs[id]++));
    });
    await a.controller.set(User, { id: 1 }, u => ({ ...u, name: 'Anne' }));
    await until(() => user(b, 1)?.name === 'Anne');
    expect(runs).toEqual({ 1: 2, 2: 1 });
    await a.controller.invalidate(ep.getUsers);
    await until(() => b.controller.getResponse(ep.getUsers).data === undefined);
    const remove = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method: 'DELETE', schema: new (await import('../../src/core/index.js')).Invalidate(User) });
    await a.controller.fetch(remove, { id: 2 });
    await until(() => user(b, 2) === undefined);
    stops.forEach(s => s());
  });

  it('posts each committed write once and never re-posts what it received (no echo loop)', async () => {
    const seen = spy();
    const a = tab();
    tab();
    tab();
    await a.controller.set(User, { id: 1 }, { id: 1, name: 'Ann', count: 1 });
    await settle();
    await settle();
    expect(seen).toHaveLength(1);
  });

  it('optimistic layers stay in their tab; the committed reply is shared', async () => {
    const a = tab();
    const b = tab();
    await a.controller.fetch(ep.getUser, { id: 1 });
    await settle();
    const increment = new RestEndpoint({
      urlPrefix: server.url,
      path: '/users/:id',
      method: 'PATCH',
      schema: User,
      getOptimisticResponse(snap, { id }: { id: number }, body: { count: number }) {
        return { ...(snap.get(User, { id }) as User), ...body };
      },
    });
    const release = server.next.hold();
    const done = a.controller.fetch(increment, { id: 1 }, { count: 5 });
    await release.arrived;
    await settle();
    expect(user(a, 1)?.count).toBe(5);
    expect(user(b, 1)?.count).toBe(0);
    await release();
    await done;
    await until(() => user(b, 1)?.count === 5);
  });

  it('an older copy from another tab never overwrites a newer one', async () => {
    const a = tab();
    const b = tab();
    const release = server.next.hold();
    const slow = a.controller.fetch(ep.getUser, { id: 1 });
    await release.arrived;
    // b writes after a's request started: b's copy is newer
    await b.controller.set(User, { id: 1 }, { id: 1, name: 'Newer', count: 9 });
    await release();
    await slow;
    await settle();
    expect(user(b, 1)?.name).toBe('Newer');
  });

  it('a tab that joins late starts from its own state, without replaying history', async () => {
    const a = tab();
    await a.controller.set(User, { id: 1 }, { id: 1, name: 'Ann', count: 3 });
    await settle();
    const late = tab();
    await settle();
    expect(user(late, 1)).toBeUndefined();
    await a.controller.set(User, { id: 2 }, { id: 2, name: 'Bob', count: 0 });
    await until(() => user(late, 2)?.name === 'Bob');
  });

  it('ignores what is not one of its messages, and stops listening on destroy', async () => {
    const b = tab();
    const foreign = new BroadcastChannel(channel);
    listeners.push(foreign);
    foreign.postMessage({ v: 1, kind: 'write', key: null, result: null, meta: { date: 1, fetchedAt: 1, expiresAt: 1 }, entities: [['User', '1', 'not an object', null]] });
    foreign.postMessage('junk');
    foreign.postMessage({ v: 1, kind: 'write', key: null, result: null, meta: {}, entities: [] });
    await settle();
    expect(b.controller.getState().entities).toEqual({});
    b.destroy();
    foreign.postMessage({ v: 1, kind: 'write', key: null, result: null, meta: { date: 1, fetchedAt: 1, expiresAt: 1 }, entities: [['User', '1', { id: 1, name: 'x' }, null]] });
    await settle();
    expect(user(b, 1)).toBeUndefined();
  });

  it('a write the structured clone cannot copy stays in its tab, with one development warning', async () => {
    const a = tab();
    const seen = spy();
    await a.controller.set(User, { id: 7 }, { id: 7, name: 'Fn', count: 0, format: () => 'not cloneable' } as never);
    expect(user(a, 7)?.name).toBe('Fn');
    expect(vi.mocked(console.warn).mock.calls.map(c => String(c[0]))).toEqual([
      '[rest-signals] tab-sync-unshareable: TabSyncManager: a write could not be shared with other tabs (DataCloneError).',
    ]);
    vi.mocked(console.warn).mockClear();
    await settle();
    expect(seen).toEqual([]);
  });

  it('each entity arrives with its own meta: a reply\'s shared one, or the one the sending tab kept', async () => {
    const a = tab();
    const store = contextOf(a.controller).store;
    const at = (date: number) => ({ date, fetchedAt: date, expiresAt: date * 100 });
    const write = (schema: unknown, data: unknown, meta: ReturnType<typeof at>) =>
      store.dispatch({ type: 'setResponse', key: undefined, writes: toWriteSet(schema, data, [], store.committed, meta), meta });
    write(User, { id: 7, name: 'Ann' }, at(5));
    await settle();
    // b joins after User 7 was shared, so it holds no User when the next write arrives
    const b = tab();
    const seen = spy();
    // a reply from a request older than User 7's: a keeps User 7's data and meta
    write([Post], [{ id: 1, title: 'a', author: { id: 7, name: 'old' } }, { id: 2, title: 'b', author: { id: 8, name: 'Bob' } }], at(2));
    await until(() => seen.length === 1);
    await until(() => b.controller.getState().entitiesMeta.User !== undefined);
    for (const t of [a, b]) {
      const { entitiesMeta } = t.controller.getState();
      expect(entitiesMeta.User).toEqual({ '7': at(5), '8': at(2) });
      expect(entitiesMeta.Post).toEqual({ '1': at(2), '2': at(2) });
    }
    expect(user(b, 7)?.name).toBe('Ann');
  });

  it('rejects a channel name it cannot use', () => {
    expect(() => new TabSyncManager({ channel: '' })).toThrow(/option channel/);
  });
});
