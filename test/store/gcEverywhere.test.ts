// The GC works where there is no window (Node here, as in Web Workers and long-lived servers):
// its timer is armed when the store changes, unref'd, and not re-armed once nothing is left to
// collect. Index cells made by lookups of values no entity has are released too.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, Entity, GCPolicy, RestEndpoint, type DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, startServer } from '../client/fixtures.js';

class Member extends Entity {
  id = 0;
  username = '';
  static override key = 'Member';
  static override indexes = ['username'] as const;
}

let server: TestServer;
let client: DataClient;
let gc: GCPolicy;

beforeEach(async () => {
  server = await startServer();
  server.resource('/members', [
    { id: 1, username: 'ann' },
    { id: 2, username: 'bob' },
  ]);
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

describe('GC without a window', () => {
  it('collects unwatched data on its own timer, and holds no timer once the store is empty', async () => {
    expect(typeof window).toBe('undefined');
    gc = new GCPolicy({ intervalMS: 40, expiryMultiplier: 0 });
    client = createDataClient({ gcPolicy: gc, managers: [] });
    expect(gc.timers).toBe(0);
    const ep = api(server.url);
    await client.controller.fetch(ep.getUsers);
    expect(client.stats().entities).toBe(3);
    // armed by the write, unref'd so it never keeps a process alive
    expect(gc.timers).toBe(1);
    await sleep(150);
    expect(client.stats().entities).toBe(0);
    expect(client.stats().results).toBe(0);
    expect(gc.timers).toBe(0);
  });

  it('keeps what a watched view reads, and destroy clears the timer', async () => {
    gc = new GCPolicy({ intervalMS: 30, expiryMultiplier: 0 });
    client = createDataClient({ gcPolicy: gc, managers: [] });
    const ep = api(server.url);
    await client.controller.fetch(ep.getUsers);
    const view = client.cache(ep.getUser, { id: 1 });
    const stop = effect(() => void view.value);
    await sleep(120);
    expect(client.stats().entities).toBe(1);
    expect(gc.timers).toBe(1);
    stop();
    client.destroy();
    expect(gc.timers).toBe(0);
  });
});

describe('index cells', () => {
  it('a lookup per typed value leaves no cell behind once it is no longer watched', async () => {
    gc = new GCPolicy({ intervalMS: 60_000, expiryMultiplier: 0 });
    client = createDataClient({ gcPolicy: gc, managers: [] });
    const getMembers = new RestEndpoint({ urlPrefix: server.url, path: '/members', schema: [Member] });
    await client.controller.fetch(getMembers);
    const { store } = contextOf(client.controller);
    // the user types "bobby" one key at a time; each value is watched, then left
    for (const typed of ['b', 'bo', 'bob', 'bobb', 'bobby']) {
      const view = client.query(Member, { username: typed });
      const stop = effect(() => void view.value);
      stop();
    }
    expect(store.entities.idleIndexCells()).toBe(4);
    // a watched lookup of a missing value keeps its cell, to see the value arrive
    const waiting = client.query(Member, { username: 'cid' });
    const stop = effect(() => void waiting.value);
    gc.sweep(Date.now() - 60_000);
    expect(store.entities.idleIndexCells()).toBe(0);
    // the index of existing entities is intact, and a released lookup works when asked again
    expect(client.controller.get(Member, { username: 'bob' })?.id).toBe(2);
    const again = client.query(Member, { username: 'bo' });
    const stopAgain = effect(() => void again.value);
    expect(again.value).toBeUndefined();
    await client.controller.setResponse(new RestEndpoint({ urlPrefix: server.url, path: '/members/:id', schema: Member }), { id: 3 }, { id: 3, username: 'cid' });
    expect(waiting.value?.id).toBe(3);
    stop();
    stopAgain();
  });
});
