import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Endpoint, resource, RestEndpoint, type RestGenerics } from '../../src/core/rest/index.js';
import { Collection, Entity } from '../../src/core/schema/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { seedTodos, Todo } from './fixtures.js';

class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  server.resource('/todos', seedTodos());
  server.route('GET', '/user', () => ({ id: 9, name: 'me' }));
});
afterAll(() => server.close());

const base = () => resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });

describe('RestEndpoint.extend', () => {
  it('returns a new endpoint with overrides; the original is unchanged', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, name: 'getTodo' });
    const patch = get.extend({ method: 'PATCH', name: 'patchTodo' });
    expect(get.method).toBe('GET');
    expect(patch.method).toBe('PATCH');
    expect(patch.sideEffect).toBe(true);
    expect(patch.path).toBe('/todos/:id');
    expect(patch.urlPrefix).toBe(server.url);
    expect(patch.schema).toBe(Todo);
    const todo = await patch({ id: 1 }, { title: 'patched' });
    expect(server.lastRequest).toMatchObject({ method: 'PATCH', url: '/todos/1', json: { title: 'patched' } });
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.title).toBe('patched');
  });

  it('keeps the subclass and its overrides', async () => {
    class Stamped<O extends RestGenerics = any> extends RestEndpoint<O> {
      override urlPrefix = server.url;
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, 'x-stamp': 'yes' };
      }
    }
    const ep = new Stamped({ path: '/todos/:id' });
    const ext = ep.extend({ path: '/todos/:id/x' });
    expect(ext).toBeInstanceOf(Stamped);
    server.route('GET', '/todos/:id/x', () => ({ ok: 1 }));
    await ext.fetch({ id: 2 });
    expect(server.lastRequest).toMatchObject({ url: '/todos/2/x' });
    expect(server.lastRequest!.headers['x-stamp']).toBe('yes');
  });

  it('Endpoint: a callable fetch function with schema, key and extend', async () => {
    const getUser = new Endpoint(async ({ id }: { id: number }) => (await fetch(`${server.url}/user?id=${id}`)).json() as Promise<unknown>, {
      schema: User,
      name: 'getUser',
    });
    expect(getUser.name).toBe('getUser');
    expect(getUser.key({ id: 9 })).toBe('getUser [{"id":9}]');
    const user = await getUser({ id: 9 });
    expect(user).toBeInstanceOf(User);
    expect(user.name).toBe('me');
    expect(await getUser.fetch({ id: 9 })).toEqual({ id: 9, name: 'me' });
    const mutate = getUser.extend({ sideEffect: true, name: 'touchUser' });
    expect(mutate.sideEffect).toBe(true);
    expect(mutate.name).toBe('touchUser');
    expect(mutate.schema).toBe(User);
    expect(await mutate.fetch({ id: 9 })).toEqual({ id: 9, name: 'me' });
  });
});

describe('RestEndpoint.extend with members of its own', () => {
  class SignedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
    declare signature?: string;
    override getHeaders(headers: HeadersInit): HeadersInit {
      return this.signature === undefined ? headers : { ...headers, 'x-signature': this.signature };
    }
  }

  it("an option that is not RestEndpoint's becomes a member the subclass's overrides read", async () => {
    const get = new SignedEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const signed = get.extend({ signature: 's-1' });
    expect(signed.signature).toBe('s-1');
    expect(signed).toBeInstanceOf(SignedEndpoint);
    expect(get.signature).toBeUndefined();
    const todo = await signed({ id: 1 });
    expect(todo.id).toBe(1);
    expect(server.lastRequest!.headers['x-signature']).toBe('s-1');
    await get({ id: 1 });
    expect(server.lastRequest!.headers['x-signature']).toBeUndefined();
  });
});

describe('resource().extend: three forms', () => {
  it('function form: members built from base members', async () => {
    const R = base().extend(b => ({
      byTitle: b.getList.extend({ path: '/todos', searchParams: {} as { title: string }, name: 'Todo.byTitle' }),
      getRaw: b.get.extend({ schema: undefined }),
    }));
    expect(Object.keys(R).sort()).toEqual(['byTitle', 'create', 'delete', 'get', 'getList', 'getRaw', 'partialUpdate', 'update']);
    const found = await R.byTitle({ title: 'two' });
    expect(server.lastRequest!.url).toBe('/todos?title=two');
    expect(found.map(t => t.id)).toEqual([2]);
    expect(await R.getRaw({ id: 1 })).toEqual(seedTodos()[0]);
  });

  it('batch form: overrides for existing members only', async () => {
    const R = base().extend({ update: { method: 'PATCH' }, get: { path: '/todos/:id', searchParams: {} as { expand?: string } } });
    expect(R.update.method).toBe('PATCH');
    await R.update({ id: 1 }, { title: 'x' });
    expect(server.lastRequest).toMatchObject({ method: 'PATCH', url: '/todos/1' });
    await R.get({ id: 1, expand: 'all' });
    expect(server.lastRequest!.url).toBe('/todos/1?expand=all');
    expect(() => base().extend({ nope: { path: '/x' } } as never)).toThrow(TypeError);
    expect(() => base().extend({ nope: { path: '/x' } } as never)).toThrow(/'nope' is not a member/);
  });

  it("(name, options) form: adds one member derived from get", async () => {
    const R = base().extend('current', { path: '/user', schema: User });
    expect(R.current.name).toBe('Todo.current');
    const me = await R.current();
    expect(server.lastRequest!.url).toBe('/user');
    expect(me).toBeInstanceOf(User);
    expect(me.name).toBe('me');
    // Existing members stay, and extending an existing name overrides it.
    expect(R.getList.path).toBe('/todos');
    const R2 = R.extend('get', { searchParams: {} as { v: number } });
    await R2.get({ id: 1, v: 2 });
    expect(server.lastRequest!.url).toBe('/todos/1?v=2');
  });

  it('a user function that calls resource() with defaults can be reused', async () => {
    class Stamped<O extends RestGenerics = any> extends RestEndpoint<O> {
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, 'x-app': 'demo' };
      }
    }
    const createMyResource = <const P extends string, S extends typeof Todo>(path: P, schema: S) =>
      resource({ urlPrefix: server.url, path, schema, Endpoint: Stamped, dataExpiryLength: 5000 }).extend({
        getList: { schema: { results: new Collection([schema]), total: 0, limit: 0, skip: 0 } },
      });
    server.route('GET', '/todos', () => ({ results: seedTodos(), total: 3, limit: 10, skip: 0 }));
    const R = createMyResource('/todos/:id', Todo);
    expect(R.get).toBeInstanceOf(Stamped);
    expect(R.get.dataExpiryLength).toBe(5000);
    const page = await R.getList();
    expect(server.lastRequest!.headers['x-app']).toBe('demo');
    expect(page.total).toBe(3);
    expect(page.results.map(t => t.title)).toEqual(['one', 'two', 'three']);
    expect(page.results[0]).toBeInstanceOf(Todo);
  });
});
