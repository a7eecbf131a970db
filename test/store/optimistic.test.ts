import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resource, RestEndpoint, type DataClient } from '../../src/core/index.js';
import { reply, type TestServer } from '../server/createTestServer.js';
import { makeClient, startServer, User } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;

beforeEach(async () => {
  server = await startServer();
  client = makeClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

function users() {
  return resource({ urlPrefix: server.url, path: '/users/:id', schema: User, optimistic: true });
}

/** POST /users/:id/increment: the server's count goes up by one per successful call. */
function incrementer() {
  const increment = new RestEndpoint({
    urlPrefix: server.url,
    path: '/users/:id/increment',
    method: 'POST',
    body: undefined,
    schema: User,
    getOptimisticResponse(snap: { get(s: unknown, ...a: unknown[]): unknown; abort: Error }, params: { id: number }) {
      const user = snap.get(User, params) as User | undefined;
      if (!user) throw snap.abort;
      return { id: params.id, count: user.count + 1 };
    },
  });
  return increment;
}

const count = (id = 1) => (client.controller.get(User, { id }) as User | undefined)?.count;

describe('optimistic updates', () => {
  it('one update shows at once and is replaced by the reply', async () => {
    const UserResource = users();
    await client.controller.fetch(UserResource.get, { id: 1 });
    const hold = server.next.hold();
    const p = client.controller.fetch(UserResource.partialUpdate, { id: 1 }, { name: 'Anna' });
    expect((client.controller.get(User, { id: 1 }) as User).name).toBe('Anna');
    // committed state has no pending layer
    expect((client.controller.getState().entities.User!['1'] as { name: string }).name).toBe('Ann');
    await hold.arrived;
    await hold();
    const result = (await p) as User;
    expect(result.name).toBe('Anna');
    expect((client.controller.getState().entities.User!['1'] as { name: string }).name).toBe('Anna');
  });

  it('a failed update rolls back and the error reaches the caller', async () => {
    const UserResource = users();
    await client.controller.fetch(UserResource.get, { id: 1 });
    const before = client.controller.get(User, { id: 1 });
    const view = client.cache(UserResource.get, { id: 1 });
    const seen: string[] = [];
    const stop = effect(() => void seen.push((view.value as User).name));
    server.next.status(500, { error: 'nope' });
    const err: any = await client.controller.fetch(UserResource.partialUpdate, { id: 1 }, { name: 'Anna' }).catch(e => e);
    expect(err.status).toBe(500);
    expect(seen).toEqual(['Ann', 'Anna', 'Ann']);
    expect(client.controller.get(User, { id: 1 })).toEqual(before);
    stop();
  });

  it('two concurrent increments show +2, then the server state', async () => {
    let serverCount = 0;
    server.route('POST', '/users/:id/increment', () => ({ id: 1, name: 'Ann', count: ++serverCount }));
    await client.controller.fetch(users().get, { id: 1 });
    const inc = incrementer();
    const h1 = server.next.hold();
    const a = client.controller.fetch(inc, { id: 1 });
    const h2 = server.next.hold();
    const b = client.controller.fetch(inc, { id: 1 });
    expect(count()).toBe(2);
    await h1.arrived;
    await h2.arrived;
    await h1();
    await a;
    expect(count()).toBe(2);
    await h2();
    await b;
    expect(count()).toBe(2);
    expect(client.controller.getState().entities.User!['1']).toMatchObject({ count: 2 });
  });

  it('the first of two fails, the second succeeds: only the first layer is dropped', async () => {
    let serverCount = 0;
    let calls = 0;
    server.route('POST', '/users/:id/increment', () => (++calls === 1 ? reply(500, { error: 'first fails' }) : { id: 1, name: 'Ann', count: ++serverCount }));
    await client.controller.fetch(users().get, { id: 1 });
    const inc = incrementer();
    const h1 = server.next.hold();
    const a = client.controller.fetch(inc, { id: 1 }).catch((e: unknown) => e);
    const h2 = server.next.hold();
    const b = client.controller.fetch(inc, { id: 1 });
    expect(count()).toBe(2);
    await h1.arrived;
    await h2.arrived;
    await h1();
    expect(((await a) as { status: number }).status).toBe(500);
    expect(count()).toBe(1);
    await h2();
    await b;
    expect(count()).toBe(1);
  });

  it('a server reply arriving between them rebases the pending layer', async () => {
    let serverCount = 5;
    server.route('GET', '/users/:id', () => ({ id: 1, name: 'Ann', count: 5 }));
    server.route('POST', '/users/:id/increment', () => ({ id: 1, name: 'Ann', count: ++serverCount }));
    const get = users().get;
    await client.controller.setResponse(get, { id: 1 }, { id: 1, name: 'Ann', count: 0 });
    const inc = incrementer();
    // a refetch starts first; its reply (another client raised the count to 5) lands while the increment is pending
    const hGet = server.next.hold();
    const refetch = client.controller.fetch(get, { id: 1 });
    await hGet.arrived;
    const hInc = server.next.hold();
    const p = client.controller.fetch(inc, { id: 1 });
    expect(count()).toBe(1);
    await hInc.arrived;
    await hGet();
    await refetch;
    expect(count()).toBe(6);
    await hInc();
    await p;
    expect(count()).toBe(6);
    expect(client.controller.getState().entities.User!['1']).toMatchObject({ count: 6 });
  });

  it('optimistic push and delete in a list', async () => {
    const UserResource = users();
    await client.controller.fetch(UserResource.getList);
    const list = client.cache(UserResource.getList);
    const names: string[][] = [];
    const stop = effect(() => void names.push(((list.value ?? []) as unknown as User[]).map(u => u.name)));
    const h = server.next.hold();
    const push = client.controller.fetch(UserResource.getList.push, { id: 4, name: 'Dee', count: 0 });
    expect(names.at(-1)).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    await h.arrived;
    await h();
    await push;
    expect(names.at(-1)).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    const hd = server.next.hold();
    const del = client.controller.fetch(UserResource.delete, { id: 2 });
    expect(names.at(-1)).toEqual(['Ann', 'Cid', 'Dee']);
    await hd.arrived;
    await hd();
    await del;
    expect(names.at(-1)).toEqual(['Ann', 'Cid', 'Dee']);
    expect(client.controller.get(User, { id: 2 })).toBeUndefined();
    stop();
  });

  it('a failed delete brings the item back', async () => {
    const UserResource = users();
    await client.controller.fetch(UserResource.getList);
    server.next.status(500);
    const p = client.controller.fetch(UserResource.delete, { id: 2 });
    expect(((client.controller.getResponse(UserResource.getList).data ?? []) as unknown as User[]).map(u => u.id)).toEqual([1, 3]);
    await p.catch(() => undefined);
    expect(((client.controller.getResponse(UserResource.getList).data ?? []) as unknown as User[]).map(u => u.id)).toEqual([1, 2, 3]);
  });

  it('no layer survives its request, even when aborted by reset', async () => {
    const UserResource = users();
    await client.controller.fetch(UserResource.get, { id: 1 });
    const h = server.next.hold();
    const p = client.controller.fetch(UserResource.partialUpdate, { id: 1 }, { name: 'X' });
    await h.arrived;
    await client.controller.resetEntireStore();
    await h();
    await p.catch(() => undefined);
    expect(client.controller.get(User, { id: 1 })).toBeUndefined();
  });
});
