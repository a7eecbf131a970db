// One map holds each result key's state: the store's `owners` hold the result cell beside the
// requests, watchers and views of the key. An owner lives while it holds a cell or anything live;
// GC and reset drop cells through that map, and an owner leaves it with the last thing it held.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, GCPolicy, type DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, startServer } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;
let gc: GCPolicy;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  // swept by hand below (`sweep(now)`), never by its timer
  gc = new GCPolicy({ intervalMS: 3_600_000, expiryMultiplier: 0 });
  client = createDataClient({ gcPolicy: gc, managers: [] });
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const later = () => Date.now() + 3_600_000;

describe('result owners hold the result cells', () => {
  it('a fetched result lives in its owner until GC drops the cell, and the owner with it', async () => {
    const { store } = contextOf(client.controller);
    const key = ep.getUser.key({ id: 1 });
    await client.controller.fetch(ep.getUser, { id: 1 });
    const owner = store.owners.get(key);
    expect(owner?.cell?.peek()).toMatchObject({ data: '1', hasData: true });
    expect(owner?.live).toBe(false);
    expect(store.result(key, false)).toBe(owner?.cell?.peek());
    expect(client.stats().results).toBe(1);
    expect(gc.sweep(later())).toEqual({ entities: 1, results: 1 });
    expect(store.owners.get(key)).toBeUndefined();
    expect(store.owners.size).toBe(0);
    expect(client.stats().results).toBe(0);
  });

  it('GC of a key with a request in flight drops the cell only; the owner stays and the reply makes a new cell', async () => {
    const { store } = contextOf(client.controller);
    const key = ep.getUser.key({ id: 2 });
    await client.controller.setResponse(ep.getUser, { id: 2 }, { id: 2, name: 'old', count: 0 });
    server.next.delay(80);
    const reply = client.controller.fetch(ep.getUser, { id: 2 });
    await new Promise(r => setTimeout(r, 20));
    const owner = store.owners.get(key)!;
    expect(owner.requests).toHaveLength(1);
    expect(gc.sweep(later()).results).toBe(1);
    expect(owner.cell).toBeUndefined();
    expect(store.owners.get(key)).toBe(owner);
    await reply;
    expect(owner.requests).toHaveLength(0);
    expect(store.owners.get(key)).toBe(owner);
    expect(owner.cell?.peek()).toMatchObject({ data: '2', hasData: true });
    expect(client.controller.getResponse(ep.getUser, { id: 2 }).data).toMatchObject({ name: 'Bob' });
  });

  it('reset drops every cell: owners holding only a cell leave, a watched one stays and shows the emptied result', async () => {
    const { store } = contextOf(client.controller);
    await client.controller.fetch(ep.getUser, { id: 1 });
    await client.controller.fetch(ep.getUser, { id: 2 });
    const view = client.cache(ep.getUser, { id: 2 });
    const seen: unknown[] = [];
    const stop = effect(() => void seen.push(view.value));
    const watched = store.owners.get(ep.getUser.key({ id: 2 }))!;
    expect(watched.live).toBe(true);
    await client.controller.resetEntireStore();
    expect(store.owners.get(ep.getUser.key({ id: 1 }))).toBeUndefined();
    expect(store.owners.get(ep.getUser.key({ id: 2 }))).toBe(watched);
    expect(seen.at(-1)).toBeUndefined();
    expect(watched.cell?.peek()).toBeUndefined();
    expect(client.stats().results).toBe(1);
    stop();
    expect(watched.live).toBe(false);
  });
  it('an owner made by a write allocates no request list or view list; both come and go with the first request and view', async () => {
    const { store } = contextOf(client.controller);
    await client.controller.setResponse(ep.getUser, { id: 1 }, { id: 1, name: 'a', count: 0 });
    await client.controller.setResponse(ep.getUser, { id: 2 }, { id: 2, name: 'b', count: 0 });
    const a = store.owners.get(ep.getUser.key({ id: 1 }))!;
    const b = store.owners.get(ep.getUser.key({ id: 2 }))!;
    // one shared empty list for every owner nothing was requested for
    expect(a.requests).toHaveLength(0);
    expect(a.requests).toBe(b.requests);
    const view = client.cache(ep.getUser, { id: 1 });
    const stop = effect(() => void view.value);
    expect(a.view(ep.getUser, 'cache')).toBe(view);
    expect(b.view(ep.getUser, 'cache')).toBeUndefined();
    // a second view of the same kind and key is the one shared
    expect(client.cache(ep.getUser, { id: 1 })).toBe(view);
    expect(a.live).toBe(true);
    stop();
    expect(a.view(ep.getUser, 'cache')).toBeUndefined();
    expect(a.live).toBe(false);
  });
});
