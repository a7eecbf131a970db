// A GC sweep notifies only what it removed: a watched view that reads none of the freed cells
// does not re-run (counted through a view built like the client's, over the same store).
import { computed, effect } from '@preact/signals-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDataClient, GCPolicy, type DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { responseReader } from '../../src/core/store/views.js';
import type { EntityCell } from '../../src/core/store/WatchedSignal.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, startServer, type Post, type User } from '../client/fixtures.js';

let server: TestServer;
let ep: ReturnType<typeof api>;
let client: DataClient;
let gc: GCPolicy;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  gc = new GCPolicy({ intervalMS: 60_000 });
  client = createDataClient({ gcPolicy: gc, managers: [] });
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

/** A watched response view of `getPost(10)` that counts its computations. */
function countedPostView() {
  const { store } = contextOf(client.controller);
  const read = responseReader(store, ep.getPost, [{ id: 10 }], ep.getPost.key({ id: 10 }));
  const runs = { count: 0 };
  const view = computed(() => {
    runs.count++;
    return read();
  });
  const stop = effect(() => void view.value);
  return { view, runs, stop };
}

it('a sweep that frees only unwatched cells does not re-run a watched view that reads none of them', async () => {
  await client.controller.fetch(ep.getUsers);
  await client.controller.fetch(ep.getPost, { id: 10 });
  const { view, runs, stop } = countedPostView();
  expect(runs.count).toBe(1);
  // users 2 and 3 and the list result are unwatched and past their grace period
  expect(gc.sweep(Date.now() + 10 * 60_000)).toEqual({ entities: 2, results: 1 });
  expect(runs.count).toBe(1);
  expect((view.value.data as Post).author.name).toBe('Ann');
  // the freed list is gone for its readers
  expect(client.controller.getResponse(ep.getUsers).data).toBeUndefined();
  stop();
});

it('a view that did read a freed cell sees it go, and sees it again when refetched', async () => {
  await client.controller.fetch(ep.getUser, { id: 2 });
  const { store } = contextOf(client.controller);
  const read = responseReader(store, ep.getUser, [{ id: 2 }], ep.getUser.key({ id: 2 }));
  const unwatched = computed(read);
  expect((unwatched.value.data as User).id).toBe(2);
  gc.sweep(Date.now() + 10 * 60_000);
  expect(unwatched.value.data).toBeUndefined();
  await client.controller.fetch(ep.getUser, { id: 2 });
  expect((unwatched.value.data as User).id).toBe(2);
});

it('a sweep drops the denormalize memo of the entities it frees (it lives on their cells), and a reset drops them all', async () => {
  await client.controller.fetch(ep.getUsers);
  const { store } = contextOf(client.controller);
  const users = client.controller.getResponse(ep.getUsers).data as User[];
  expect(users.length).toBeGreaterThan(1);
  /** Every denormalized value a cell of the store still memoizes. */
  const memoized = () => {
    const out: unknown[] = [];
    store.entities.forEach((_key, _pk, e) => void (e.sig && out.push((e.sig as EntityCell).r)));
    return out;
  };
  expect(memoized()).toEqual(expect.arrayContaining(users));
  gc.sweep(Date.now() + 10 * 60_000);
  for (const u of users) expect(store.entities.committed('User', String(u.id))).toBeUndefined();
  expect(memoized().filter(v => users.includes(v as User))).toEqual([]);
  await client.controller.fetch(ep.getUsers);
  const again = client.controller.getResponse(ep.getUsers).data as User[];
  expect(memoized()).toContain(again[0]);
  client.controller.resetEntireStore();
  expect(memoized()).toEqual([]);
});
