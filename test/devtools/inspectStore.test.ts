// The devtools' window on the store: what it reports (entities with their watcher counts,
// results with their expiry, requests in flight, pending optimistic updates) and that reading
// it subscribes nothing.
import { computed, effect, signal } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectStore, type DataClient } from '../../src/core/index.js';
import { subscriberCount } from '../../src/core/store/watchers.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  client = makeClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const watch = (read: () => unknown) => effect(() => void read());

describe('subscriberCount', () => {
  it('counts the computeds and effects subscribed to a signal, not unwatched ones', () => {
    const s = signal(1);
    const unwatched = computed(() => s.value + 1);
    void unwatched.value;
    expect(subscriberCount(s, false)).toBe(0);
    const a = watch(() => s.value);
    const b = watch(() => unwatched.value);
    expect(subscriberCount(s, true)).toBe(2);
    a();
    expect(subscriberCount(s, true)).toBe(1);
    b();
    expect(subscriberCount(s, false)).toBe(0);
  });
});

describe('inspectStore', () => {
  it('lists entities with the number of views watching each, going N → N-1 when one leaves', async () => {
    const list = client.dle(ep.getUsers);
    const one = client.dle(ep.getUser, { id: 1 });
    const stopList = watch(() => list.value);
    await client.controller.fetch(ep.getUsers);
    const stopOne = watch(() => one.value);
    await client.controller.fetch(ep.getUser, { id: 1 });
    const inspector = inspectStore(client.controller);
    const watchers = () => Object.fromEntries(inspector.entities().map(e => [`${e.type}:${e.pk}`, e.watchers]));
    expect(watchers()).toEqual({ 'User:1': 2, 'User:2': 1, 'User:3': 1 });
    const ann = inspector.entities().find(e => e.pk === '1')!;
    expect(ann).toMatchObject({ type: 'User', value: { id: 1, name: 'Ann' }, optimistic: false });
    expect(ann.fetchedAt).toBeGreaterThan(0);
    stopOne();
    expect(watchers()['User:1']).toBe(1);
    stopList();
    expect(watchers()).toEqual({ 'User:1': 0, 'User:2': 0, 'User:3': 0 });
  });

  it('reports results as fresh, stale or invalid, with their error and watchers', async () => {
    const stop = watch(() => client.dle(ep.getUsers).value);
    await client.controller.fetch(ep.getUsers);
    server.next.status(500, { error: 'boom' });
    await client.controller.fetch(ep.getUser, { id: 2 }).catch(() => undefined);
    const inspector = inspectStore(client.controller);
    const byKey = () => new Map(inspector.results().map(r => [r.key, r]));
    const users = byKey().get(ep.getUsers.key())!;
    expect(users).toMatchObject({ status: 'fresh', error: undefined, data: ['1', '2', '3'], watchers: 1 });
    expect(inspector.results(users.expiresAt + 1).find(r => r.key === users.key)!.status).toBe('stale');
    const failed = byKey().get(ep.getUser.key({ id: 2 }))!;
    expect(failed.error?.message).toMatch(/500/);
    await client.controller.invalidate(ep.getUser, { id: 2 });
    expect(byKey().get(failed.key)!.status).toBe('invalid');
    stop();
    expect(byKey().get(users.key)!.watchers).toBe(0);
  });

  it('lists requests in flight (method, URL, start) and pending optimistic updates by mutation', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    const optimisticUpdate = ep.updateUser.extend({
      name: 'renameUser',
      getOptimisticResponse: (_snap: unknown, params: { id: number }, body: { name: string }) => ({ id: params.id, ...body }),
    });
    const release = server.next.hold();
    const before = Date.now();
    const done = client.controller.fetch(optimisticUpdate, { id: 1 }, { name: 'Ann B.' });
    await release.arrived;
    const inspector = inspectStore(client.controller);
    expect(inspector.requests()).toEqual([
      { key: `PATCH ${server.url}/users/1`, name: 'renameUser', method: 'PATCH', url: `${server.url}/users/1`, started: expect.any(Number) },
    ]);
    expect(inspector.requests()[0]!.started).toBeGreaterThanOrEqual(before);
    expect(inspector.optimistic()).toEqual([{ id: expect.any(Number), name: 'renameUser', since: expect.any(Number) }]);
    const ann = inspector.entities().find(e => e.pk === '1')!;
    expect(ann).toMatchObject({ optimistic: true, value: { name: 'Ann B.' } });
    await release();
    await done;
    expect(inspector.requests()).toEqual([]);
    expect(inspector.optimistic()).toEqual([]);
    expect(inspector.entities().find(e => e.pk === '1')).toMatchObject({ optimistic: false, value: { name: 'Ann B.' } });
  });

  it('reports each applied action to listen() and bumps version; reading inside an effect subscribes nothing', async () => {
    const inspector = inspectStore(client.controller);
    const actions: string[] = [];
    const stop = inspector.listen(a => actions.push(a.type));
    const v0 = inspector.version;
    let runs = 0;
    const dispose = effect(() => {
      runs++;
      inspector.entities();
      inspector.results();
      inspector.optimistic();
    });
    await client.controller.fetch(ep.getUsers);
    await client.controller.expireAll({ testKey: () => true });
    expect(actions).toEqual(['setResponse', 'expireAll']);
    expect(inspector.version).toBe(v0 + 2);
    expect(runs).toBe(1);
    stop();
    dispose();
  });
});
