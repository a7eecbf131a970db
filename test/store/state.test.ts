import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, GCPolicy, ImmortalGCPolicy, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, type Post, type User } from '../client/fixtures.js';

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

describe('getState / initialState', () => {
  it('round-trips through JSON and leaves every view equal', async () => {
    await client.controller.fetch(ep.getPosts);
    await client.controller.fetch(ep.getUsers);
    server.next.status(404);
    await client.controller.fetch(ep.getUser, { id: 77 }).catch(() => undefined);
    const state = client.controller.getState();
    expect(Object.keys(state)).toEqual(['entities', 'indexes', 'endpoints', 'meta', 'entitiesMeta']);
    const json = JSON.stringify(state);
    const copy = createDataClient({ initialState: JSON.parse(json), gcPolicy: new ImmortalGCPolicy(), managers: [] });
    for (const [e, args] of [
      [ep.getPosts, []],
      [ep.getUsers, []],
      [ep.getUser, [{ id: 2 }]],
    ] as const) {
      const a = client.controller.getResponse(e, ...(args as []));
      const b = copy.controller.getResponse(e, ...(args as []));
      expect(b.data).toEqual(a.data);
      expect(b.expiresAt).toBe(a.expiresAt);
      expect(b.expiryStatus).toBe(a.expiryStatus);
    }
    expect((copy.controller.getResponse(ep.getPosts).data as unknown as Post[])[0]!.author.name).toBe('Ann');
    expect(copy.controller.getError(ep.getUser, { id: 77 })?.message).toBe(client.controller.getError(ep.getUser, { id: 77 })?.message);
    expect(JSON.stringify(copy.controller.getState())).toBe(json);
    copy.destroy();
  });

  it('keeps a "__proto__" primary key as an ordinary key', async () => {
    await client.controller.setResponse(ep.getUser, { id: '__proto__' as never }, { id: '__proto__', name: 'Proto', count: 0 });
    const state = JSON.parse(JSON.stringify(client.controller.getState()));
    expect(Object.prototype.hasOwnProperty.call(state.entities.User, '__proto__')).toBe(true);
    const copy = createDataClient({ initialState: state, gcPolicy: new ImmortalGCPolicy(), managers: [] });
    expect((copy.controller.get(ep.getUser.schema, { id: '__proto__' }) as User).name).toBe('Proto');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    copy.destroy();
  });

  it('getState holds no pending optimistic update', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    const opt = ep.updateUser.extend({
      getOptimisticResponse: (_s: unknown, params: { id: number }, body: { name: string }) => ({ ...params, ...body }),
    });
    const hold = server.next.hold();
    const p = client.controller.fetch(opt, { id: 1 }, { name: 'Opt' });
    expect((client.controller.get(ep.getUser.schema, { id: 1 }) as User).name).toBe('Opt');
    expect(client.controller.getState().entities.User!['1']).toMatchObject({ name: 'Ann' });
    await hold.arrived;
    await hold();
    await p;
  });
});

describe('GC', () => {
  it('releases unwatched data past its grace period and keeps watched data', async () => {
    const gc = new GCPolicy({ intervalMS: 60_000, expiryMultiplier: 2 });
    const c = createDataClient({ gcPolicy: gc, managers: [] });
    await c.controller.fetch(ep.getUsers);
    await c.controller.fetch(ep.getPost, { id: 10 });
    const watched = c.cache(ep.getPost, { id: 10 });
    const stop = effect(() => void watched.value);
    expect(c.stats()).toMatchObject({ entities: 4, results: 2 });
    // within the grace period nothing goes
    expect(gc.sweep(Date.now() + 60_000)).toEqual({ entities: 0, results: 0 });
    const later = Date.now() + 3 * 60_000;
    const released = gc.sweep(later);
    // users 2 and 3 and the list result are released; post 10 and its author (user 1) are watched
    expect(released).toEqual({ entities: 2, results: 1 });
    expect(c.stats()).toMatchObject({ entities: 2, results: 1 });
    expect(c.controller.getResponse(ep.getUsers).data).toBeUndefined();
    expect((watched.value as Post).author.name).toBe('Ann');
    stop();
    expect(gc.sweep(later)).toEqual({ entities: 2, results: 1 });
    expect(c.controller.getState().entities).toEqual({});
    c.destroy();
  });

  it('a view computed before a sweep reads fresh cells afterwards', async () => {
    const gc = new GCPolicy({ intervalMS: 60_000 });
    const c = createDataClient({ gcPolicy: gc, managers: [] });
    await c.controller.fetch(ep.getUser, { id: 1 });
    const view = c.cache(ep.getUser, { id: 1 });
    expect((view.value as User).name).toBe('Ann');
    gc.sweep(Date.now() + 10 * 60_000);
    expect(view.value).toBeUndefined();
    await c.controller.fetch(ep.getUser, { id: 1 });
    expect((view.value as User).name).toBe('Ann');
    c.destroy();
  });

  it('GCPolicy options are validated', () => {
    expect(() => new GCPolicy({ intervalMS: -1 })).toThrow(TypeError);
    expect(() => new GCPolicy({ intervalMS: -1 })).toThrow(/intervalMS/);
  });
});
