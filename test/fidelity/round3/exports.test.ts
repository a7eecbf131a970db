// The runtime values data-client 0.18's `@data-client/rest` / `@data-client/endpoint` export that
// definition files call: `createResource` (resource's other name), `getUrlBase` / `getUrlTokens`
// (a custom `url()`, as data-client's RestEndpoint documentation writes it), `ExtendableEndpoint`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDataClient,
  createResource,
  Endpoint,
  Entity,
  ExtendableEndpoint,
  getUrlBase,
  getUrlTokens,
  normalize,
  Object as SchemaObject,
  resource,
  schema,
  RestEndpoint,
  type DataClient,
  type RestGenerics,
} from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';

class Todo extends Entity {
  id = 0;
  title = '';
  userId = 0;
}

let server: TestServer;
let client: DataClient;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  client = createDataClient();
  return () => client.destroy();
});
afterAll(() => server.close());

describe('createResource', () => {
  it('is resource(): the same function, building members that fetch and store', async () => {
    expect(createResource).toBe(resource);
    server.resource('/todos', [{ id: 1, title: 'a', userId: 1 }]);
    const TodoResource = createResource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const todo = await client.controller.fetch(TodoResource.get, { id: 1 });
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.title).toBe('a');
    expect(server.lastRequest?.path).toBe('/todos/1');
  });
});

describe('getUrlBase, getUrlTokens', () => {
  it('fill a template and name its parameters', () => {
    expect(getUrlBase('/users/:id')({ id: 5, page: 2 })).toBe('/users/5');
    expect(getUrlBase('/:owner/repos{/:repo}')({ owner: 'ann' })).toBe('/ann/repos');
    expect(getUrlBase('/files/:name')({ name: 'a/b' })).toBe('/files/a%2Fb');
    expect([...getUrlTokens('/:owner/repos{/:repo}')].sort()).toEqual(['owner', 'repo']);
    expect(getUrlTokens('/users').size).toBe(0);
  });

  it('a missing parameter throws a TypeError naming the template', () => {
    expect(() => getUrlBase('/users/:id')({})).toThrow(TypeError);
    expect(() => getUrlBase('/users/:id')({})).toThrow(/\/users\/:id/);
  });

  it("serve a custom url() written as data-client's documentation writes it", async () => {
    class TokenInQueryEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
      override url(urlParams: Record<string, unknown> = {}): string {
        const base = getUrlBase(this.path)(urlParams);
        const tokens = getUrlTokens(this.path);
        const search: Record<string, unknown> = { v: '2' };
        for (const k of Object.keys(urlParams)) if (!tokens.has(k)) search[k] = urlParams[k];
        return `${this.urlPrefix}${base}?${this.searchToString(search)}`;
      }
    }
    server.route('GET', '/users/:userId/todos', req => [{ id: 7, title: `v${req.query.get('v')} ${req.query.get('done')}`, userId: Number(req.params.userId) }]);
    const getTodos = new TokenInQueryEndpoint({ urlPrefix: server.url, path: '/users/:userId/todos', schema: [Todo], searchParams: {} as { done?: string } });
    const todos = await client.controller.fetch(getTodos, { userId: 3, done: 'yes' });
    expect(server.lastRequest?.path).toBe('/users/3/todos');
    expect(server.lastRequest?.query.get('v')).toBe('2');
    expect(todos.map(t => [t.id, t.title, t.userId])).toEqual([[7, 'v2 yes', 3]]);
  });
});

describe('ExtendableEndpoint', () => {
  it('is Endpoint: built from a fetch function, extendable', async () => {
    expect(ExtendableEndpoint).toBe(Endpoint);
    server.route('GET', '/todo', () => ({ id: 2, title: 'b', userId: 1 }));
    const getTodo = new ExtendableEndpoint(() => fetch(`${server.url}/todo`).then(r => r.json()), { schema: Todo, name: 'getTodo' });
    const named = getTodo.extend({ name: 'getTodoAgain' });
    expect(named.name).toBe('getTodoAgain');
    const todo = await client.controller.fetch(named);
    expect(todo).toBeInstanceOf(Todo);
  });
});

describe('Object', () => {
  it('is schema.Object under the name data-client\'s index gives it', () => {
    expect(SchemaObject).toBe(schema.Object);
    const { result, entities } = normalize(new SchemaObject({ todo: Todo }), { todo: { id: 1, title: 'a', userId: 1 } });
    expect(result).toEqual({ todo: '1' });
    expect(entities.Todo?.['1']).toEqual({ id: 1, title: 'a', userId: 1 });
  });
});
