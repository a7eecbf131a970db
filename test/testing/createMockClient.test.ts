// createMockClient: a real client whose requests fixtures answer. Every endpoint points at a port
// nothing listens on, so a request that slipped past the fixtures would fail with a network error.
import { effect } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { NetworkError, type State } from '../../src/core/index.js';
import { createMockClient, UnmatchedRequestError, type Interceptor } from '../../src/test/index.js';
import { seed, Todo, TodoResource, type TodoJSON } from './resources.js';

// `controller.get` is typed `unknown` by the core for now; these specs read Todos
const todo = (controller: { get(q: unknown, ...a: unknown[]): unknown }, args: { id: number }) => controller.get(Todo, args) as Todo | undefined;
const tick = (ms = 0) => new Promise(resolve => setTimeout(resolve, ms));

describe('createMockClient: fixtures of every member kind', () => {
  it('get and getList (with searchParams) are answered by key, normalized into one entity table', async () => {
    const client = createMockClient({
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]! },
        { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: seed().filter(t => t.userId === 1) },
        { endpoint: TodoResource.getList, args: [{ userId: 2 }], response: seed().filter(t => t.userId === 2) },
      ],
    });
    const { controller } = client;
    const one = await controller.fetch(TodoResource.get, { id: 1 });
    expect(one).toBeInstanceOf(Todo);
    expect(one.title).toBe('Write fixtures');
    const list = await controller.fetch(TodoResource.getList, { userId: 1 });
    expect(list.map(t => t.id)).toEqual([1, 2]);
    expect(list[0]).toBe(one); // one entity, one object
    expect((await controller.fetch(TodoResource.getList, { userId: 2 })).map(t => t.id)).toEqual([3]);
    expect(todo(controller, { id: 3 })?.title).toBe('Render a component');
    client.destroy();
  });

  it('push, update and delete go through the real store: lists gain, change and lose the entity', async () => {
    const client = createMockClient({
      initialFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: seed().filter(t => t.userId === 1) }],
      resolverFixtures: [
        { endpoint: TodoResource.getList.push, args: [{ userId: 1 }, { title: 'New', userId: 1 }], response: { id: 10, title: 'New', completed: false, userId: 1 } },
        { endpoint: TodoResource.update, args: [{ id: 2 }, { title: 'Renamed' }], response: { ...seed()[1]!, title: 'Renamed' } },
        { endpoint: TodoResource.partialUpdate, args: [{ id: 1 }, { completed: true }], response: { id: 1, completed: true } },
        { endpoint: TodoResource.delete, args: [{ id: 1 }], response: null },
      ],
    });
    const { controller } = client;
    const titles = () => controller.getResponse(TodoResource.getList, { userId: 1 }).data?.map(t => `${t.id}:${t.title}:${t.completed}`);
    expect(titles()).toEqual(['1:Write fixtures:false', '2:Mock the client:true']);
    await controller.fetch(TodoResource.getList.push, { userId: 1 }, { title: 'New', userId: 1 });
    expect(titles()).toEqual(['1:Write fixtures:false', '2:Mock the client:true', '10:New:false']);
    await controller.fetch(TodoResource.update, { id: 2 }, { title: 'Renamed' });
    await controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    expect(titles()).toEqual(['1:Write fixtures:true', '2:Renamed:true', '10:New:false']);
    await controller.fetch(TodoResource.delete, { id: 1 });
    expect(titles()).toEqual(['2:Renamed:true', '10:New:false']);
    client.destroy();
  });

  it('error fixtures: a { status } reply becomes a NetworkError, an Error is thrown as it is; both are recorded', async () => {
    const boom = new Error('boom');
    const client = createMockClient({
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: 404 }], response: { status: 404, body: { message: 'no such todo' } }, error: true },
        { endpoint: TodoResource.get, args: [{ id: 500 }], response: boom, error: true },
      ],
    });
    const { controller } = client;
    const notFound = await controller.fetch(TodoResource.get, { id: 404 }).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NetworkError);
    expect((notFound as NetworkError).status).toBe(404);
    expect((notFound as NetworkError).message).toBe('GET http://127.0.0.1:9/api/todos/404 failed with status 404: no such todo');
    expect(await (notFound as NetworkError).response.json()).toEqual({ message: 'no such todo' });
    expect(controller.getError(TodoResource.get, { id: 404 })).toBe(notFound);
    await expect(controller.fetch(TodoResource.get, { id: 500 })).rejects.toBe(boom);
    expect(controller.getError(TodoResource.get, { id: 500 })).toBe(boom);
    client.destroy();
  });

  it('a fixture whose reply does not fit the schema fails with the schema error and changes nothing', async () => {
    const client = createMockClient({
      initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]! }],
      resolverFixtures: [{ endpoint: TodoResource.getList, args: [], response: [{ title: 'no id' }] }],
    });
    const before = JSON.stringify(client.controller.getState().entities);
    await expect(client.controller.fetch(TodoResource.getList)).rejects.toThrow(/Todo/);
    expect(JSON.stringify(client.controller.getState().entities)).toBe(before);
    client.destroy();
  });
});

describe('createMockClient: interceptors', () => {
  it('keep state between calls in `this` (from getInitialInterceptorData), shared by every interceptor', async () => {
    interface Db { rows: TodoJSON[]; nextId: number; calls: number }
    const list: Interceptor<Db, typeof TodoResource.getList> = {
      endpoint: TodoResource.getList,
      response(params) {
        this.calls++;
        return this.rows.filter(r => params?.userId === undefined || r.userId === params.userId);
      },
    };
    const create: Interceptor<Db, typeof TodoResource.getList.push> = {
      endpoint: TodoResource.getList.push,
      response(...args) {
        // `push(body)` or `push(params, body)`: the search parameters are all optional.
        const body = args.length === 2 ? args[1] : args[0];
        this.calls++;
        const row = { id: this.nextId++, title: '', completed: false, userId: 0, ...body };
        this.rows.push(row);
        return row;
      },
    };
    const client = createMockClient({
      resolverFixtures: [list, create],
      getInitialInterceptorData: (): Db => ({ rows: seed(), nextId: 100, calls: 0 }),
    });
    const { controller } = client;
    expect((await controller.fetch(TodoResource.getList, { userId: 2 })).map(t => t.id)).toEqual([3]);
    await controller.fetch(TodoResource.getList.push, { userId: 2 }, { title: 'a', userId: 2 });
    await controller.fetch(TodoResource.getList.push, { userId: 2 }, { title: 'b', userId: 2 });
    // the pushes went to the stored list; a refetch reads the interceptor's table
    await controller.invalidate(TodoResource.getList, { userId: 2 });
    expect((await controller.fetch(TodoResource.getList, { userId: 2 })).map(t => t.id)).toEqual([3, 100, 101]);
    // a second client starts from a fresh state
    const other = createMockClient({ resolverFixtures: [list], getInitialInterceptorData: (): Db => ({ rows: seed(), nextId: 100, calls: 0 }) });
    expect((await other.controller.fetch(TodoResource.getList, { userId: 2 })).map(t => t.id)).toEqual([3]);
    client.destroy();
    other.destroy();
  });

  it('a fixture for the exact key wins over an interceptor; a throwing interceptor fails the call', async () => {
    const client = createMockClient({
      resolverFixtures: [
        { endpoint: TodoResource.get, response: ({ id }) => ({ id: Number(id), title: `computed ${id}` }) },
        { endpoint: TodoResource.get, args: [{ id: 2 }], response: { id: 2, title: 'fixed' } },
        { endpoint: TodoResource.partialUpdate, response: () => { throw new NetworkError(new Response(null, { status: 409 }), 'PATCH'); } },
      ],
    });
    const { controller } = client;
    expect((await controller.fetch(TodoResource.get, { id: 7 })).title).toBe('computed 7');
    expect((await controller.fetch(TodoResource.get, { id: 2 })).title).toBe('fixed');
    await expect(controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'x' })).rejects.toMatchObject({ status: 409 });
    expect(todo(controller, { id: 2 })?.title).toBe('fixed');
    client.destroy();
  });
});

describe('createMockClient: an unmatched request', () => {
  it('fails with an error naming the endpoint, its arguments, and the fixtures that exist for it', async () => {
    const client = createMockClient({
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]! },
        { endpoint: TodoResource.get, args: [{ id: 2 }], response: { status: 500 }, error: true },
        { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: [] },
      ],
    });
    const error = await client.controller.fetch(TodoResource.get, { id: 9 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnmatchedRequestError);
    const message = (error as Error).message;
    expect(message).toContain('Todo.get'); // the endpoint's name
    expect(message).toContain('[{"id":9}]');
    expect(message).toContain('fixture "GET http://127.0.0.1:9/api/todos/1"');
    expect(message).toContain('error fixture "GET http://127.0.0.1:9/api/todos/2"');
    expect(message).not.toContain('todos?userId=1'); // another endpoint's fixture is not listed
    expect(client.controller.getError(TodoResource.get, { id: 9 })).toBe(error);

    const none = await client.controller.fetch(TodoResource.getList.push, {}, { title: 'x' }).catch((e: unknown) => e);
    expect((none as Error).message).toMatch(/^No fixture or interceptor matches Todo\.getList\.create called with \[\{\},\{"title":"x"\}\].*there are no fixtures for Todo\.getList\.create$/);
    client.destroy();
  });
});

describe('createMockClient: delays, optimistic updates, cleanup', () => {
  it('an optimistic update shows at once, then the delayed interceptor reply replaces it', async () => {
    const client = createMockClient({
      initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]! }],
      resolverFixtures: [
        // the server adds its own change to the reply, so the test can tell the reply from the guess
        { endpoint: TodoResource.partialUpdate, response: ({ id }, body) => ({ id: Number(id), ...body, title: 'from the server' }), delay: 60 },
      ],
    });
    const { controller } = client;
    const seen: string[] = [];
    const view = client.cache(TodoResource.get, { id: 1 });
    const stop = effect(() => {
      const t = view.value;
      if (t) seen.push(`${t.title}:${t.completed}`);
    });
    const done = controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    expect(todo(controller, { id: 1 })?.completed).toBe(true); // optimistic, before any reply
    expect(controller.getState().entities.Todo!['1']).toMatchObject({ completed: false }); // not committed
    await tick(20);
    expect(seen.at(-1)).toBe('Write fixtures:true');
    await done;
    expect(seen).toEqual(['Write fixtures:false', 'Write fixtures:true', 'from the server:true']);
    stop();
    client.destroy();
  });

  it('a failing delayed mutation rolls its optimistic update back', async () => {
    const client = createMockClient({
      initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]! }],
      resolverFixtures: [{ endpoint: TodoResource.partialUpdate, args: [{ id: 1 }, { completed: true }], response: { status: 500 }, error: true, delay: 30 }],
    });
    const pending = client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    expect(todo(client.controller, { id: 1 })?.completed).toBe(true);
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
    expect(todo(client.controller, { id: 1 })?.completed).toBe(false);
    client.destroy();
  });

  it('allSettled waits for every request, including those started meanwhile', async () => {
    const client = createMockClient({
      resolverFixtures: [{ endpoint: TodoResource.get, response: ({ id }) => ({ id: Number(id) }), delay: ({ id }) => Number(id) * 10 }],
    });
    void client.controller.fetch(TodoResource.get, { id: 3 }).then(() => client.controller.fetch(TodoResource.get, { id: 4 }));
    void client.controller.fetch(TodoResource.get, { id: 1 });
    const results = await client.allSettled();
    expect(results.map(r => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(todo(client.controller, { id: 4 })).toBeInstanceOf(Todo);
    client.destroy();
  });

  it('destroy() aborts requests waiting on a delay: nothing is written, no timer is left', async () => {
    const client = createMockClient({
      resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]!, delay: 10_000 }],
    });
    const pending = client.controller.fetch(TodoResource.get, { id: 1 });
    expect(client.stats().inflight).toBe(1);
    client.destroy();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.stats().inflight).toBe(0);
    expect(todo(client.controller, { id: 1 })).toBeUndefined();
  });

  it('keeps the given managers, replacing only the NetworkManager; initialState wins over initialFixtures', async () => {
    const { LogoutManager, NetworkManager, SubscriptionManager } = await import('../../src/core/index.js');
    const logout = new LogoutManager();
    const state: State = createMockClient({ initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: 2 }], response: seed()[1]! }] }).controller.getState();
    const client = createMockClient({
      managers: [logout, new NetworkManager(), new SubscriptionManager()],
      initialState: state,
      initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]! }],
      resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: 3 }], response: { status: 401 }, error: true }],
    });
    expect(todo(client.controller, { id: 2 })?.title).toBe('Mock the client');
    expect(todo(client.controller, { id: 1 })).toBeUndefined();
    // the LogoutManager saw the 401 from the fixture and cleared the store
    await client.controller.fetch(TodoResource.get, { id: 3 }).catch(() => undefined);
    expect(todo(client.controller, { id: 2 })).toBeUndefined();
    client.destroy();
  });

  it('rejects malformed options with a TypeError naming them', () => {
    expect(() => createMockClient({ resolverFixtures: [{ response: 1 }] as never })).toThrow(/resolverFixtures\[0\] needs an endpoint/);
    expect(() => createMockClient({ resolverFixtures: [{ endpoint: TodoResource.get, response: 1 }] as never })).toThrow(/neither args .* nor a response or fetchResponse function/);
    expect(() => createMockClient({ getInitialInterceptorData: 5 } as never)).toThrow(/getInitialInterceptorData/);
  });
});
