import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { All, Collection, Entity, RestEndpoint, SchemaError, resource, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, User } from '../client/fixtures.js';

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

const requestCount = () => server.requests.length;

describe('controller.set', () => {
  it('writes an entity: every view showing it updates, nothing is fetched', async () => {
    await client.controller.fetch(ep.getUsers);
    const list = client.cache(ep.getUsers);
    const one = client.cache(ep.getUser, { id: 2 });
    const names: string[] = [];
    const stop = effect(() => void names.push((list.value ?? []).map(u => u.name).join(',')));
    const before = requestCount();
    await client.controller.set(User, { id: 2 }, { id: 2, name: 'Bea', count: 0 });
    expect(names).toEqual(['Ann,Bob,Cid', 'Ann,Bea,Cid']);
    expect(one.value?.name).toBe('Bea');
    expect(requestCount()).toBe(before);
    stop();
  });

  it('re-runs only views that read the written entity', async () => {
    await client.controller.fetch(ep.getUsers);
    const runs = { 1: 0, 2: 0 };
    const stops = ([1, 2] as const).map(id => {
      const view = client.cache(ep.getUser, { id });
      return effect(() => {
        void view.value;
        runs[id]++;
      });
    });
    await client.controller.set(User, { id: 1 }, { id: 1, name: 'Anne' });
    expect(runs).toEqual({ 1: 2, 2: 1 });
    stops.forEach(s => s());
  });

  it('takes a function of the current committed value; without one it writes nothing', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    await client.controller.set(User, { id: 1 }, u => ({ ...u, count: u.count + 5 }));
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'Ann', count: 5 });
    let called = false;
    await client.controller.set(User, { id: 99 }, u => {
      called = true;
      return u;
    });
    expect(called).toBe(false);
    expect(client.controller.get(User, { id: 99 })).toBeUndefined();
  });

  it('writes lists: [Entity] and All', async () => {
    await client.controller.set([User], [
      { id: 7, name: 'G', count: 0 },
      { id: 8, name: 'H', count: 0 },
    ]);
    await client.controller.set(new All(User), [{ id: 9, name: 'I', count: 0 }]);
    const all = client.controller.get(new All(User)) as User[];
    expect(all.map(u => u.id).sort()).toEqual([7, 8, 9]);
  });

  it('writes a Collection by its arguments: the list views of those arguments show it', async () => {
    class Todo extends Entity {
      id = 0;
      title = '';
      userId = 0;
      static override key = 'SetTodo';
    }
    server.resource('/todos', [{ id: 1, title: 'a', userId: 1 }]);
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', searchParams: {} as { userId: number }, schema: Todo });
    await client.controller.fetch(TodoResource.getList, { userId: 1 });
    const view = client.cache(TodoResource.getList, { userId: 1 });
    expect(view.value?.map(t => t.title)).toEqual(['a']);
    await client.controller.set(new Collection([Todo]), { userId: 1 }, [
      { id: 1, title: 'a', userId: 1 },
      { id: 2, title: 'b', userId: 1 },
    ]);
    expect(view.value?.map(t => t.title)).toEqual(['a', 'b']);
  });

  it('a reply to a request that started before the write never overwrites it', async () => {
    const release = server.next.hold();
    const pending = client.controller.fetch(ep.getUser, { id: 1 });
    await release.arrived;
    await client.controller.set(User, { id: 1 }, { id: 1, name: 'Pushed', count: 3 });
    await release();
    await pending;
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'Pushed', count: 3 });
    // a request started after the write does win
    await client.controller.fetch(ep.getUser, { id: 1 });
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'Ann', count: 0 });
  });

  it('pending optimistic layers rebase on top of the written value', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    const increment = new RestEndpoint({
      urlPrefix: server.url,
      path: '/users/:id',
      method: 'PATCH',
      schema: User,
      getOptimisticResponse(snap, { id }: { id: number }) {
        const u = snap.get(User, { id }) as User;
        return { id, count: u.count + 1 };
      },
    });
    const release = server.next.hold();
    const controllerPending = client.controller.fetch(increment, { id: 1 }, {});
    await release.arrived;
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ count: 1 });
    await client.controller.set(User, { id: 1 }, { id: 1, count: 10 });
    // the layer is recomputed from the new committed value: 10 + 1
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ count: 11, name: 'Ann' });
    await release();
    await controllerPending.catch(() => undefined);
  });

  it('a value that does not fit the schema rejects naming the entity and writes nothing', async () => {
    await client.controller.fetch(ep.getUsers);
    const before = client.controller.getState();
    const err = await client.controller.set(User, { id: 1 }, { name: 'no pk' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect(String((err as Error).message)).toContain('User');
    expect(client.controller.getState().entities).toEqual(before.entities);
  });

  it('keys from the network never reach a prototype', async () => {
    const hostile = JSON.parse('{"id": 4, "name": "x", "__proto__": {"polluted": true}, "constructor": {"prototype": {"p": 1}}}') as object;
    await client.controller.set(User, { id: 4 }, hostile);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).p).toBeUndefined();
    expect((client.controller.get(User, { id: 4 }) as User).name).toBe('x');
  });
});
