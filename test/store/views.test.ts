import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { All, Entity, RestEndpoint, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, Post, startServer, User } from '../client/fixtures.js';

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

/** Watches `sig` with an effect; returns the run counter, the last value and the disposer. */
function watch<T>(sig: { readonly value: T }) {
  const w = { runs: 0, value: undefined as T, stop: () => {} };
  w.stop = effect(() => {
    w.runs++;
    w.value = sig.value;
  });
  return w;
}

describe('entity cells and views', () => {
  it('re-runs only the views that read the entity written', async () => {
    await client.controller.fetch(ep.getUsers);
    await client.controller.fetch(ep.getUser, { id: 1 });
    const list = watch(client.cache(ep.getUsers));
    const one = watch(client.cache(ep.getUser, { id: 1 }));
    const two = watch(client.cache(ep.getUser, { id: 2 }));
    expect(list.runs).toBe(1);
    const [ann0, bob0, cid0] = list.value as unknown as User[];
    expect(one.value).toBe(ann0);

    client.controller.setResponse(ep.getUser, { id: 3 }, { id: 3, name: 'Cyd', count: 0 });
    expect(list.runs).toBe(2);
    expect(one.runs).toBe(1);
    expect(two.runs).toBe(1);
    const [ann1, bob1, cid1] = list.value as unknown as User[];
    expect(ann1).toBe(ann0);
    expect(bob1).toBe(bob0);
    expect(cid1).not.toBe(cid0);
    expect(cid1!.name).toBe('Cyd');
    expect(cid1).toBeInstanceOf(User);
    list.stop();
    one.stop();
    two.stop();
  });

  it('a list view not containing the entity does not re-run', async () => {
    server.route('GET', '/users', req => (req.query.get('page') === '2' ? [{ id: 3, name: 'Cid', count: 0 }] : [{ id: 1, name: 'Ann', count: 0 }]));
    await client.controller.fetch(ep.getUsers, { page: 1 });
    await client.controller.fetch(ep.getUsers, { page: 2 });
    const p1 = watch(client.cache(ep.getUsers, { page: 1 }));
    const p2 = watch(client.cache(ep.getUsers, { page: 2 }));
    client.controller.setResponse(ep.getUser, { id: 3 }, { id: 3, name: 'Changed', count: 0 });
    expect(p1.runs).toBe(1);
    expect(p2.runs).toBe(2);
    p1.stop();
    p2.stop();
  });

  it('an unchanged write notifies nobody and keeps every object', async () => {
    await client.controller.fetch(ep.getUsers);
    const list = watch(client.cache(ep.getUsers));
    const before = list.value;
    await client.controller.fetch(ep.getUsers);
    client.controller.setResponse(ep.getUser, { id: 2 }, { id: 2, name: 'Bob', count: 0 });
    expect(list.runs).toBe(1);
    expect(list.value).toBe(before);
    list.stop();
  });

  it('a changed nested entity gives a new object for every entity and list embedding it', async () => {
    await client.controller.fetch(ep.getPosts);
    const posts = watch(client.cache(ep.getPosts));
    const users = watch(client.query(new All(User)));
    const [hello0, world0] = posts.value as unknown as Post[];
    expect(hello0!.author).toBeInstanceOf(User);
    client.controller.setResponse(ep.getUser, { id: 1 }, { id: 1, name: 'Anna', count: 0 });
    const [hello1, world1] = posts.value as unknown as Post[];
    expect(hello1).not.toBe(hello0);
    expect(hello1!.author.name).toBe('Anna');
    expect(world1).toBe(world0);
    expect(posts.runs).toBe(2);
    expect(users.runs).toBe(2);
    posts.stop();
    users.stop();
  });

  it('All follows membership: a new entity of the type re-runs it', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    const all = watch(client.query(new All(User)));
    expect((all.value as unknown as User[]).map(u => u.id)).toEqual([1]);
    client.controller.setResponse(ep.getUser, { id: 2 }, { id: 2, name: 'Bob', count: 0 });
    expect((all.value as unknown as User[]).map(u => u.id)).toEqual([1, 2]);
    all.stop();
  });

  it('a whole reply is applied in one batch: no view sees half of it', async () => {
    await client.controller.fetch(ep.getUsers);
    const seen: string[][] = [];
    const list = client.cache(ep.getUsers);
    const stop = effect(() => {
      seen.push((list.value as unknown as User[]).map(u => u.name));
    });
    server.route('GET', '/users', () => [
      { id: 1, name: 'A2', count: 0 },
      { id: 2, name: 'B2', count: 0 },
      { id: 3, name: 'C2', count: 0 },
    ]);
    await client.controller.fetch(ep.getUsers);
    expect(seen).toEqual([
      ['Ann', 'Bob', 'Cid'],
      ['A2', 'B2', 'C2'],
    ]);
    stop();
  });
});

class Member extends Entity {
  id = 0;
  username = '';
  static override key = 'Member';
  static override indexes = ['username'] as const;
}

describe('indexes', () => {
  it('an index lookup follows the entity when its indexed field changes', async () => {
    server.resource('/members', [
      { id: 1, username: 'ann' },
      { id: 2, username: 'bob' },
    ]);
    const getMembers = new RestEndpoint({ urlPrefix: server.url, path: '/members', schema: [Member] });
    const getMember = new RestEndpoint({ urlPrefix: server.url, path: '/members/:id', schema: Member });
    await client.controller.fetch(getMembers);
    const byName = watch(client.query(Member, { username: 'bobby' }));
    expect(byName.value).toBeUndefined();
    expect((client.controller.get(Member, { username: 'bob' }) as Member).id).toBe(2);
    client.controller.setResponse(getMember, { id: 2 }, { id: 2, username: 'bobby' });
    expect((byName.value as Member).id).toBe(2);
    expect(client.controller.get(Member, { username: 'bob' })).toBeUndefined();
    expect(client.controller.getState().indexes.Member!.username!.bobby).toBe('2');
    byName.stop();
  });
});

describe('malformed calls', () => {
  it('a missing path parameter rejects with a TypeError before any request', async () => {
    const err: any = await client.controller.fetch(ep.getUser, {} as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(String(err.message)).toContain('id');
    expect(server.requests.length).toBe(0);
  });
});
