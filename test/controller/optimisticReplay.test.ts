// Pending optimistic layers are replayed (their getOptimisticResponse called again) only when a
// store action changes something the layer read: an entity it read or wrote, a table it scanned,
// a result it looked at. Counted through getOptimisticResponse calls, never timed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Collection, RestEndpoint, type DataClient } from '../../src/core/index.js';
import type { Release, TestServer } from '../server/createTestServer.js';
import { api, makeClient, Post, startServer, User } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  client = makeClient();
  await client.controller.fetch(ep.getUsers);
  await client.controller.fetch(ep.getPosts);
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

type Patch = { name?: string; count?: number };

/** A PATCH of one user whose optimistic response increments `count` and counts its own calls. */
function countingUpdate(calls: Map<number, number>) {
  return ep.updateUser.extend({
    getOptimisticResponse(snap, params: { id: number }, body: Patch) {
      calls.set(params.id, (calls.get(params.id) ?? 0) + 1);
      const user = snap.get(User, { id: params.id });
      if (!user) throw snap.abort;
      return { ...user, ...body, count: user.count + 1 };
    },
  });
}

/** Starts `run()` with its request held at the server; resolves once the request arrived. */
async function held<T>(run: () => Promise<T>): Promise<{ done: Promise<T>; release: Release }> {
  const release = server.next.hold();
  const done = run();
  await release.arrived;
  return { done, release };
}

const name = (id: number) => client.controller.get(User, { id })?.name;
const count = (id: number) => client.controller.get(User, { id })?.count;

describe('optimistic replay', () => {
  it('an action that touches nothing the layer read does not replay it', async () => {
    const calls = new Map<number, number>();
    const update = countingUpdate(calls);
    const { done, release } = await held(() => client.controller.fetch(update, { id: 1 }, { name: 'Anne' }));
    expect(calls.get(1)).toBe(1);
    expect(name(1)).toBe('Anne');
    expect(count(1)).toBe(1);

    // unrelated replies, writes, expiries and invalidations
    await client.controller.fetch(ep.getPost, { id: 11 }); // its author is user 2
    await client.controller.setResponse(ep.getUser, { id: 2 }, { id: 2, name: 'Bea', count: 0 });
    await client.controller.set(User, { id: 3 }, { id: 3, name: 'Cyd', count: 0 });
    await client.controller.expireAll({ testKey: () => true });
    await client.controller.invalidate(ep.getUser, { id: 2 });
    await client.controller.invalidateAll({ testKey: key => key.includes('/posts') });
    await client.controller.setError(ep.getPost, { id: 11 }, new Error('boom'));
    await client.controller.fetch(ep.getUser, { id: 3 });
    expect(calls.get(1)).toBe(1);
    expect(name(1)).toBe('Anne');
    expect(name(2)).toBe('Bea');

    // a write to the user it read: replayed once, on top of the new server value
    await client.controller.set(User, { id: 1 }, { id: 1, name: 'Ann', count: 5 });
    expect(calls.get(1)).toBe(2);
    expect(count(1)).toBe(6);
    expect(name(1)).toBe('Anne');

    await release();
    await done;
    // the layer is gone; the write made after the request started stays (newer writes win)
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'Ann', count: 5 });
  });

  it('a reply that writes the entity the layer read replays it (the post reply carries user 1)', async () => {
    const calls = new Map<number, number>();
    const { done, release } = await held(() => client.controller.fetch(countingUpdate(calls), { id: 1 }, { name: 'Anne' }));
    expect(calls.get(1)).toBe(1);
    await client.controller.fetch(ep.getPost, { id: 11 }); // author: user 2
    expect(calls.get(1)).toBe(1);
    await client.controller.fetch(ep.getPost, { id: 10 }); // author: user 1
    expect(calls.get(1)).toBe(2);
    expect(name(1)).toBe('Anne');
    await release();
    await done;
  });

  it('with two layers, a write under the lower one replays only the layers that read what changed', async () => {
    const calls = new Map<number, number>();
    const update = countingUpdate(calls);
    const first = await held(() => client.controller.fetch(update, { id: 1 }, { name: 'Anne' }));
    const second = await held(() => client.controller.fetch(update, { id: 2 }, { name: 'Bea' }));
    // adding the second layer computes it alone
    expect(Object.fromEntries(calls)).toEqual({ 1: 1, 2: 1 });
    await client.controller.set(User, { id: 1 }, { id: 1, name: 'Ann', count: 10 });
    expect(Object.fromEntries(calls)).toEqual({ 1: 2, 2: 1 });
    await client.controller.set(User, { id: 2 }, { id: 2, name: 'Bob', count: 20 });
    expect(Object.fromEntries(calls)).toEqual({ 1: 2, 2: 2 });
    expect([count(1), count(2)]).toEqual([11, 21]);

    // the first reply removes its layer: the second read nothing it wrote, so it is not replayed
    await first.release();
    await first.done;
    expect(calls.get(2)).toBe(2);
    expect(name(2)).toBe('Bea');
    await second.release();
    await second.done;
    expect([count(1), count(2)]).toEqual([10, 20]);
  });

  it('stacked layers on one entity compose, and a write beneath replays both', async () => {
    const calls = new Map<number, number>();
    const update = countingUpdate(calls);
    const a = await held(() => client.controller.fetch(update, { id: 1 }, {}));
    const b = await held(() => client.controller.fetch(update, { id: 1 }, {}));
    expect(calls.get(1)).toBe(2);
    expect(count(1)).toBe(2);
    await client.controller.set(User, { id: 1 }, { id: 1, name: 'Ann', count: 100 });
    expect(calls.get(1)).toBe(4);
    expect(count(1)).toBe(102);
    // removing the lower layer replays the upper one, which read what the lower one wrote
    await a.release();
    await a.done;
    expect(calls.get(1)).toBe(5);
    await b.release();
    await b.done;
  });

  it('a layer that read a result is replayed when that result changes, not when another does', async () => {
    let calls = 0;
    const rename = ep.updateUser.extend({
      getOptimisticResponse(snap, params: { id: number }) {
        calls++;
        const users = snap.getResponse(ep.getUsers).data as readonly unknown[] | undefined;
        return { id: params.id, name: `one of ${users?.length ?? 0}` };
      },
    });
    const { done, release } = await held(() => client.controller.fetch(rename, { id: 1 }, {}));
    expect(calls).toBe(1);
    expect(name(1)).toBe('one of 3');
    await client.controller.invalidate(ep.getUser, { id: 2 });
    await client.controller.setError(ep.getPosts, new Error('unrelated'));
    expect(calls).toBe(1);
    await client.controller.invalidate(ep.getUsers);
    expect(calls).toBe(2);
    expect(name(1)).toBe('one of 0');
    await release();
    await done;
  });

  it('a Collection push is replayed by a write to its list, not by other entities', async () => {
    const Users = new Collection([User]);
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: Users });
    await client.controller.fetch(list);
    let calls = 0;
    const push = list.push.extend({
      getOptimisticResponse(_snap, body: { name: string }) {
        calls++;
        return { id: 99, name: body.name, count: 0 };
      },
    });
    const { done, release } = await held(() => client.controller.fetch(push, { name: 'Dee' }));
    expect(calls).toBe(1);
    expect(client.controller.getResponse(list).data?.map(u => u.name)).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    await client.controller.setResponse(ep.getPost, { id: 10 }, { id: 10, title: 'x', author: { id: 2, name: 'Bob', count: 0 } });
    await client.controller.set(Post, { id: 11 }, { id: 11, title: 'y', author: { id: 3, name: 'Cid', count: 0 } });
    expect(calls).toBe(1);
    await client.controller.setResponse(list, [{ id: 1, name: 'Ann', count: 0 }, { id: 2, name: 'Bob', count: 0 }]);
    expect(calls).toBe(2);
    expect(client.controller.getResponse(list).data?.map(u => u.name)).toEqual(['Ann', 'Bob', 'Dee']);
    await release();
    await done;
  });
});
