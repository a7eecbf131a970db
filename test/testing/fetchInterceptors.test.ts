// fetchResponse interceptors and delayCollapse: the interceptor answers the request the endpoint
// built (its url(), getRequestInit(), parseResponse and process all run), and delayCollapse moves
// the computation of a reply from the start of the call to the end of its delay.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Endpoint, NetworkError, RestEndpoint, type RestGenerics } from '../../src/core/index.js';
import { createMockClient, UnmatchedRequestError, type FetchInterceptor, type Interceptor } from '../../src/test/index.js';
import { API, seed, Todo, TodoResource, type TodoJSON } from './resources.js';

const tick = (ms = 0) => new Promise(resolve => setTimeout(resolve, ms));

/** An endpoint whose request differs from its arguments: a stamp in the body, a header, a processed reply. */
class StampedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override async getRequestInit(body?: unknown): Promise<RequestInit> {
    const stamped = body && typeof body === 'object' ? { ...body, updatedAt: '2026-01-02T03:04:05Z' } : body;
    return super.getRequestInit(stamped);
  }
  override getHeaders(headers: Record<string, string>) {
    return { ...headers, 'x-client': 'tests' };
  }
  override process(value: any) {
    return { ...value, title: String(value.title).toUpperCase() };
  }
}
const stampedUpdate = new StampedEndpoint({
  urlPrefix: API,
  path: '/todos/:id',
  method: 'PATCH',
  schema: Todo,
  body: {} as { title?: string; completed?: boolean },
  name: 'Todo.stampedUpdate',
});

afterEach(() => {
  vi.useRealTimers();
});

describe('fetchResponse interceptors', () => {
  it('get the URL and RequestInit the endpoint built; their reply goes through parseResponse, process and the store', async () => {
    const seen: { input: string; init: RequestInit }[] = [];
    const client = createMockClient({
      resolverFixtures: [
        {
          endpoint: stampedUpdate,
          fetchResponse(input, init) {
            seen.push({ input, init });
            const body = JSON.parse(String(init.body)) as { title: string; updatedAt: string };
            return { id: Number(input.split('/').pop()), title: `${body.title} at ${body.updatedAt}` };
          },
        },
      ],
    });
    const todo = await client.controller.fetch(stampedUpdate, { id: 7 }, { title: 'renamed' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.input).toBe(`${API}/todos/7`);
    expect(seen[0]!.init.method).toBe('PATCH');
    expect(seen[0]!.init.headers).toEqual({ 'content-type': 'application/json', 'x-client': 'tests' });
    expect(seen[0]!.init.signal).toBeInstanceOf(AbortSignal);
    // the reply passed through the endpoint's process (upper case) and was normalized
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.title).toBe('RENAMED AT 2026-01-02T03:04:05Z');
    expect(client.controller.getState().entities.Todo!['7']).toMatchObject({ id: 7, title: 'RENAMED AT 2026-01-02T03:04:05Z' });
    client.destroy();
  });

  it('match every call of their endpoint (searchParams in the URL); `this` is the state shared with response interceptors', async () => {
    interface Db { rows: TodoJSON[]; calls: number }
    const list: FetchInterceptor<Db, typeof TodoResource.getList> = {
      endpoint: TodoResource.getList,
      fetchResponse(input) {
        this.calls++;
        const userId = new URL(input).searchParams.get('userId');
        return this.rows.filter(r => userId === null || r.userId === Number(userId));
      },
    };
    const create: Interceptor<Db, typeof TodoResource.getList.push> = {
      endpoint: TodoResource.getList.push,
      response(...args) {
        const body = args.length === 2 ? args[1] : args[0];
        this.calls++;
        const row = { id: 100 + this.rows.length, title: '', completed: false, userId: 0, ...body };
        this.rows.push(row);
        return row;
      },
    };
    const db: Db = { rows: seed(), calls: 0 };
    const client = createMockClient({ resolverFixtures: [list, create], getInitialInterceptorData: () => db });
    const { controller } = client;
    expect((await controller.fetch(TodoResource.getList, { userId: 1 })).map(t => t.id)).toEqual([1, 2]);
    expect((await controller.fetch(TodoResource.getList, { userId: 2 })).map(t => t.id)).toEqual([3]);
    await controller.fetch(TodoResource.getList.push, { userId: 2 }, { title: 'new', userId: 2 });
    await controller.invalidate(TodoResource.getList, { userId: 2 });
    expect((await controller.fetch(TodoResource.getList, { userId: 2 })).map(t => t.id)).toEqual([3, 103]);
    expect((await controller.fetch(TodoResource.getList)).map(t => t.id)).toEqual([1, 2, 3, 103]);
    expect(db.calls).toBe(5);
    client.destroy();
  });

  it('a thrown { status } becomes a NetworkError; a thrown Error stays; returning a Response is a TypeError', async () => {
    const boom = new Error('boom');
    const client = createMockClient({
      resolverFixtures: [
        {
          endpoint: TodoResource.get,
          fetchResponse(input) {
            const id = Number(input.split('/').pop());
            if (id === 409) throw { status: 409, body: { message: 'conflict' } };
            if (id === 500) throw boom;
            return new Response('{}') as never;
          },
        },
      ],
    });
    const { controller } = client;
    const conflict = await controller.fetch(TodoResource.get, { id: 409 }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(NetworkError);
    expect((conflict as NetworkError).status).toBe(409);
    expect((conflict as NetworkError).message).toBe(`GET ${API}/todos/409 failed with status 409: conflict`);
    await expect(controller.fetch(TodoResource.get, { id: 500 })).rejects.toBe(boom);
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow(
      new TypeError('createMockClient: the fetchResponse interceptor of Todo.get returned a Response; return the body the server would send instead'),
    );
    expect(controller.getError(TodoResource.get, { id: 1 })).toBeInstanceOf(TypeError);
    client.destroy();
  });

  it('a call no entry matches still fails naming the endpoint and listing the interceptor of the same name', async () => {
    const client = createMockClient({
      resolverFixtures: [{ endpoint: TodoResource.partialUpdate, fetchResponse: (input, init) => ({ id: 1, ...JSON.parse(String(init.body)) }) }],
    });
    // update is PUT on the same path: partialUpdate's testKey does not accept it
    const error = await client.controller.fetch(TodoResource.update, { id: 1 }, { title: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnmatchedRequestError);
    expect((error as Error).message).toMatch(/^No fixture or interceptor matches Todo\.update called with \[\{"id":1\},\{"title":"x"\}\]/);
    expect(await client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'y' })).toMatchObject({ id: 1, title: 'y' });
    client.destroy();
  });

  it('an endpoint without fetchResponse, or an entry with neither response nor fetchResponse, is a TypeError naming the entry', () => {
    const plain = new Endpoint(async ({ id }: { id: number }) => ({ id }), { schema: Todo, name: 'plainGet' });
    expect(() => createMockClient({ resolverFixtures: [{ endpoint: plain, fetchResponse: () => ({ id: 1 }) }] as never })).toThrow(
      /resolverFixtures\[0\] \(plainGet\) is a fetchResponse interceptor, but its endpoint has no fetchResponse/,
    );
    expect(() => createMockClient({ resolverFixtures: [{ endpoint: TodoResource.get, fetchResponse: 1 }] as never })).toThrow(
      /resolverFixtures\[0\] \(Todo\.get\) has neither args .* nor a response or fetchResponse function/,
    );
  });
});

describe('delayCollapse', () => {
  /**
   * Starts a delayed call, changes the interceptor state during the delay, and returns the title
   * the reply carried: the state at call time, or (delayCollapse) at reply time.
   */
  async function titleSeen(entry: (db: { title: string }) => Parameters<typeof createMockClient>[0]): Promise<{ title: string; callsDuringDelay: number }> {
    const db = { title: 'before', calls: 0 };
    const client = createMockClient({ ...entry(db), getInitialInterceptorData: () => db });
    const pending = client.controller.fetch(TodoResource.get, { id: 1 });
    await tick(15);
    const callsDuringDelay = db.calls;
    db.title = 'after';
    const todo = await pending;
    client.destroy();
    return { title: todo.title, callsDuringDelay };
  }
  type Db = { title: string; calls: number };

  it('false (the default): the reply is computed as the call starts and delivered after the delay', async () => {
    const viaFetch = await titleSeen(() => ({
      resolverFixtures: [{ endpoint: TodoResource.get, fetchResponse(this: Db) { this.calls++; return { id: 1, title: this.title }; }, delay: 40 }],
    }));
    expect(viaFetch).toEqual({ title: 'before', callsDuringDelay: 1 });
    const viaResponse = await titleSeen(() => ({
      resolverFixtures: [{ endpoint: TodoResource.get, response(this: Db) { this.calls++; return { id: 1, title: this.title }; }, delay: () => 40, delayCollapse: false }],
    }));
    expect(viaResponse).toEqual({ title: 'before', callsDuringDelay: 1 });
  });

  it('true: fetchResponse interceptors, response interceptors and fixture functions run after the delay and see the state then', async () => {
    const viaFetch = await titleSeen(() => ({
      resolverFixtures: [{ endpoint: TodoResource.get, fetchResponse(this: Db) { this.calls++; return { id: 1, title: this.title }; }, delay: 40, delayCollapse: true }],
    }));
    expect(viaFetch).toEqual({ title: 'after', callsDuringDelay: 0 });
    const viaResponse = await titleSeen(() => ({
      resolverFixtures: [{ endpoint: TodoResource.get, response(this: Db) { this.calls++; return { id: 1, title: this.title }; }, delay: () => 40, delayCollapse: true }],
    }));
    expect(viaResponse).toEqual({ title: 'after', callsDuringDelay: 0 });
    const viaFixture = await titleSeen(db => ({
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: () => ({ id: 1, title: db.title }), delay: 40, delayCollapse: true },
      ],
    }));
    expect(viaFixture.title).toBe('after');
  });

  it('an abort during the delay rejects with the abort, clears the timer and never runs the interceptor', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    const client = createMockClient({
      resolverFixtures: [
        {
          endpoint: TodoResource.get,
          fetchResponse() {
            calls++;
            return { id: 1, title: 'late' };
          },
          delay: 5_000,
          delayCollapse: true,
        },
      ],
    });
    const before = vi.getTimerCount();
    const abort = new AbortController();
    const pending = client.controller.fetch(TodoResource.get.extend({ signal: abort.signal }), { id: 1 });
    await vi.advanceTimersByTimeAsync(10);
    expect(vi.getTimerCount()).toBe(before + 1); // the delay
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(vi.getTimerCount()).toBe(before);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(0);
    expect(client.controller.getState().entities.Todo?.['1']).toBeUndefined();
    client.destroy();
  });

  it('destroy() during a delay: the call rejects, the interceptor never runs, nothing is written or left in flight', async () => {
    let calls = 0;
    const client = createMockClient({
      resolverFixtures: [{ endpoint: TodoResource.get, fetchResponse: () => (calls++, { id: 1, title: 'late' }), delay: 60, delayCollapse: true }],
    });
    const pending = client.controller.fetch(TodoResource.get, { id: 1 });
    expect(client.stats().inflight).toBe(1);
    client.destroy();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.stats().inflight).toBe(0);
    await tick(90);
    expect(calls).toBe(0);
    expect(client.controller.getState().entities.Todo?.['1']).toBeUndefined();
  });
});
