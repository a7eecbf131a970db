// A GC sweep notifies only what it removed: a watched view that reads none of the freed cells
// does not re-run (counted through a view built like the client's, over the same store).
import { computed, effect } from '@preact/signals-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDataClient, GCPolicy, type DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { responseReader } from '../../src/core/store/views.js';
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

it('a sweep drops the denormalize cache entries of the entities it frees, and a reset drops them all', async () => {
  await client.controller.fetch(ep.getUsers);
  const { store } = contextOf(client.controller);
  const users = client.controller.getResponse(ep.getUsers).data as User[];
  expect(users.length).toBeGreaterThan(1);
  const cached = (u: User) => {
    const stored = store.entities.committed('User', String(u.id));
    return stored === undefined ? undefined : store.cache.lookup('User', String(u.id), stored as object, users[0]!.constructor as object);
  };
  const storedOf = users.map(u => store.entities.committed('User', String(u.id)) as object);
  expect(cached(users[0]!)?.[1]).toBe(users[0]);
  gc.sweep(Date.now() + 10 * 60_000);
  for (let i = 0; i < users.length; i++) {
    expect(store.entities.committed('User', String(users[i]!.id))).toBeUndefined();
    expect(store.cache.lookup('User', String(users[i]!.id), storedOf[i]!, users[0]!.constructor as object)).toBeUndefined();
  }
  await client.controller.fetch(ep.getUsers);
  const again = client.controller.getResponse(ep.getUsers).data as User[];
  const stored = store.entities.committed('User', String(again[0]!.id)) as object;
  expect(store.cache.lookup('User', String(again[0]!.id), stored, again[0]!.constructor as object)?.[1]).toBe(again[0]);
  client.controller.resetEntireStore();
  expect(store.cache.lookup('User', String(again[0]!.id), stored, again[0]!.constructor as object)).toBeUndefined();
});
