import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { normalize, Invalidate, Collection } from '../../src/core/schema/index.js';
import { resource, RestEndpoint } from '../../src/core/rest/index.js';
import { createTestServer, type MemoryResource, type TestServer } from '../server/createTestServer.js';
import { INVALID, readerOf, seedTodos, Todo, writeOver } from './fixtures.js';

let server: TestServer;
let store: MemoryResource;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  store = server.resource('/groups/:group/todos', seedTodos(), { pageField: 'page', pageSize: 1 });
});
afterAll(() => server.close());

const makeResource = () =>
  resource({ urlPrefix: server.url, path: '/groups/:group/todos/:id', schema: Todo, paginationField: 'page' });

const last = () => server.lastRequest!;

describe('resource() members (spec member table)', () => {
  it('get: GET path, path params, no query, no body → one entity', async () => {
    const R = makeResource();
    expect(R.get.name).toBe('Todo.get');
    const reply = await R.get.fetch({ group: 'a', id: 1 });
    expect(last()).toMatchObject({ method: 'GET', url: '/groups/a/todos/1', body: '' });
    expect(last().headers['content-type']).toBe('application/json');
    expect(reply).toEqual(seedTodos()[0]);
    const n = normalize(R.get.schema, reply, [{ group: 'a', id: 1 }]);
    expect(n.result).toBe('1');
    expect(n.entities.Todo!['1']).toEqual(seedTodos()[0]);
    const todo = await R.get({ group: 'a', id: 1 });
    expect(todo).toBeInstanceOf(Todo);
    expect(todo).toMatchObject({ id: 1, group: 'a', title: 'one', completed: false });
  });

  it('getList: GET removeLastArg(path), searchParams in the query string → Collection of entities', async () => {
    const R = makeResource();
    expect(R.getList.path).toBe('/groups/:group/todos');
    expect(R.getList.schema).toBeInstanceOf(Collection);
    const args = { group: 'a', completed: true };
    const reply = await R.getList.fetch(args);
    expect(last()).toMatchObject({ method: 'GET', url: '/groups/a/todos?completed=true', body: '' });
    expect(last().headers['content-type']).toBe('application/json');
    expect(reply).toEqual([seedTodos()[1]]);
    const n = normalize(R.getList.schema, reply, [args]);
    expect(n.entities['[Todo]']![n.result as string]).toEqual(['2']);
    const todos = await R.getList(args);
    expect(todos).toHaveLength(1);
    expect(todos[0]).toBeInstanceOf(Todo);
    expect(todos[0]!.title).toBe('two');
  });

  it('getList.push: POST list path, JSON partial entity → created entity appended to matching lists', async () => {
    const R = makeResource();
    const list = normalize(R.getList.schema, await R.getList.fetch({ group: 'a' }), [{ group: 'a' }]);
    const otherList = normalize(R.getList.schema, await R.getList.fetch({ group: 'b' }), [{ group: 'b' }]);
    const push = R.getList.push;
    expect(push.method).toBe('POST');
    expect(push.sideEffect).toBe(true);
    const args = [{ group: 'a' }, { title: 'new' }] as const;
    const reply = await push.fetch(...args);
    expect(last()).toMatchObject({ method: 'POST', url: '/groups/a/todos', json: { title: 'new' } });
    expect(last().headers['content-type']).toBe('application/json');
    expect(reply).toEqual({ id: 4, group: 'a', title: 'new' });
    const w = writeOver(push.schema, reply, args, readerOf(list, otherList));
    expect(w.result).toBe('4');
    expect(w.entities['[Todo]']).toEqual({ [list.result as string]: ['1', '2', '4'] });
    const created = await push(...args);
    expect(created).toBeInstanceOf(Todo);
    expect(created.title).toBe('new');
  });

  it('getList.unshift: POST list path → created entity prepended', async () => {
    const R = makeResource();
    const list = normalize(R.getList.schema, await R.getList.fetch({ group: 'a' }), [{ group: 'a' }]);
    const args = [{ group: 'a' }, { title: 'first' }] as const;
    const reply = await R.getList.unshift.fetch(...args);
    expect(last()).toMatchObject({ method: 'POST', url: '/groups/a/todos', json: { title: 'first' } });
    const w = writeOver(R.getList.unshift.schema, reply, args, readerOf(list));
    expect(w.entities['[Todo]']).toEqual({ [list.result as string]: ['4', '1', '2'] });
  });

  it('getList.getPage: GET list path with the page field → page appended without duplicates', async () => {
    const R = makeResource();
    // The stored list is the one getList({ group }) keeps (its first page); pages add to it.
    const firstPage = normalize(R.getList.schema, [seedTodos()[0]], [{ group: 'a' }]);
    const getPage = R.getList.getPage;
    expect(getPage).toBeInstanceOf(RestEndpoint);
    expect(getPage.name).toBe('Todo.getList.getPage');
    const args = { group: 'a', page: 2 };
    const reply = await getPage.fetch(args);
    expect(last()).toMatchObject({ method: 'GET', url: '/groups/a/todos?page=2', body: '' });
    expect(last().headers['content-type']).toBe('application/json');
    expect(reply).toEqual([seedTodos()[1]]);
    const w = writeOver(getPage.schema, reply, [args], readerOf(firstPage));
    expect(w.entities['[Todo]']).toEqual({ [firstPage.result as string]: ['1', '2'] });
    // A page repeating an item already listed adds it once.
    const again = writeOver(getPage.schema, [seedTodos()[0], seedTodos()[1]], [args], readerOf(firstPage));
    expect(again.entities['[Todo]']).toEqual({ [firstPage.result as string]: ['1', '2'] });
    const items = await getPage(args);
    expect(items.map(t => t.title)).toEqual(['two']);
    expect(items[0]).toBeInstanceOf(Todo);
  });

  it('getList.getPage exists only with paginationField', () => {
    const R = resource({ urlPrefix: server.url, path: '/groups/:group/todos/:id', schema: Todo });
    expect(R.getList.getPage).toBeUndefined();
  });

  it('getList.move: PATCH item path, JSON partial → leaves old lists, joins new ones', async () => {
    const R = makeResource();
    const listA = normalize(R.getList.schema, await R.getList.fetch({ group: 'a' }), [{ group: 'a' }]);
    const listB = normalize(R.getList.schema, await R.getList.fetch({ group: 'b' }), [{ group: 'b' }]);
    const move = R.getList.move;
    expect(move.method).toBe('PATCH');
    expect(move.path).toBe('/groups/:group/todos/:id');
    const args = [{ group: 'a', id: 1 }, { group: 'b' }] as const;
    const reply = await move.fetch(...args);
    expect(last()).toMatchObject({ method: 'PATCH', url: '/groups/a/todos/1', json: { group: 'b' } });
    expect(last().headers['content-type']).toBe('application/json');
    expect(reply).toEqual({ id: 1, group: 'b', title: 'one', completed: false });
    const w = writeOver(move.schema, reply, args, readerOf(listA, listB));
    expect(w.entities['[Todo]']).toEqual({ [listA.result as string]: ['2'], [listB.result as string]: ['3', '1'] });
  });

  it('update: PUT path with a JSON body → the updated entity', async () => {
    const R = makeResource();
    const args = [{ group: 'a', id: 2 }, { group: 'a', title: 'replaced', completed: false }] as const;
    const todo = await R.update(...args);
    expect(last()).toMatchObject({ method: 'PUT', url: '/groups/a/todos/2', json: args[1] });
    expect(last().headers['content-type']).toBe('application/json');
    expect(todo).toBeInstanceOf(Todo);
    expect(todo).toMatchObject({ id: 2, title: 'replaced', completed: false });
    expect(normalize(R.update.schema, store.get(2), args).result).toBe('2');
  });

  it('partialUpdate: PATCH path with a JSON subset → the updated entity', async () => {
    const R = makeResource();
    const todo = await R.partialUpdate({ group: 'a', id: 1 }, { completed: true });
    expect(last()).toMatchObject({ method: 'PATCH', url: '/groups/a/todos/1', body: '{"completed":true}' });
    expect(todo).toMatchObject({ id: 1, title: 'one', completed: true });
    expect(todo).toBeInstanceOf(Todo);
  });

  it.each([
    ['an object reply', 'object' as const, { id: 1, group: 'a', title: 'one', completed: false }],
    ['a string pk reply', 'pk' as const, '1'],
    ['an empty (204) reply', 'empty' as const, { group: 'a', id: 1 }],
  ])('delete: DELETE path, Invalidate(schema), identified from %s', async (_label, mode, processed) => {
    server.clear();
    server.resource('/groups/:group/todos', seedTodos(), { deleteReply: mode });
    const R = makeResource();
    expect(R.delete.schema).toBeInstanceOf(Invalidate);
    const args = { group: 'a', id: 1 };
    const reply = await R.delete.fetch(args);
    expect(last()).toMatchObject({ method: 'DELETE', url: '/groups/a/todos/1', body: '' });
    expect(last().headers['content-type']).toBe('application/json');
    expect(reply).toEqual(processed);
    // what the store writes for the reply (a bare pk names the entity there too)
    const n = writeOver(R.delete.schema, reply, [args], readerOf());
    expect(n.result).toBe('1');
    expect(n.entities.Todo!['1']).toBe(INVALID);
  });
});

describe('resource() options', () => {
  it('searchParams members go to the query string of getList and push', async () => {
    const R = resource({
      urlPrefix: server.url,
      path: '/groups/:group/todos/:id',
      schema: Todo,
      searchParams: {} as { completed?: boolean },
    });
    await R.getList({ group: 'a', completed: false });
    expect(last().url).toBe('/groups/a/todos?completed=false');
    await R.getList.push({ group: 'a', completed: false }, { title: 'x' });
    expect(last()).toMatchObject({ method: 'POST', url: '/groups/a/todos?completed=false' });
  });

  it('nonFilterArgumentKeys reaches the getList Collection', async () => {
    server.clear();
    server.resource('/groups/:group/todos', seedTodos(), { nonFilterKeys: ['sort'] });
    const R = resource({ urlPrefix: server.url, path: '/groups/:group/todos/:id', schema: Todo, nonFilterArgumentKeys: ['sort'] });
    const list = normalize(R.getList.schema, await R.getList.fetch({ group: 'a', sort: 'title' }), [{ group: 'a', sort: 'title' }]);
    const args = [{ group: 'a' }, { title: 'new' }] as const;
    const w = writeOver(R.getList.push.schema, await R.getList.push.fetch(...args), args, readerOf(list));
    expect(Object.values(w.entities['[Todo]']!)).toEqual([['1', '2', '4']]);
  });

  it('Collection option builds the list schema (e.g. move prepends)', async () => {
    class NewestFirst<S extends readonly [unknown]> extends Collection<S> {
      constructor(schema: S, options?: object) {
        super(schema, options);
        this.move = this.moveWith((existing, incoming) => [...(incoming as unknown[]), ...(existing as unknown[])]);
      }
    }
    const R = resource({ urlPrefix: server.url, path: '/groups/:group/todos/:id', schema: Todo, Collection: NewestFirst });
    expect(R.getList.schema).toBeInstanceOf(NewestFirst);
    const listB = normalize(R.getList.schema, await R.getList.fetch({ group: 'b' }), [{ group: 'b' }]);
    const args = [{ group: 'a', id: 1 }, { group: 'b' }] as const;
    const w = writeOver(R.getList.move.schema, await R.getList.move.fetch(...args), args, readerOf(listB));
    expect(w.entities['[Todo]']![listB.result as string]).toEqual(['1', '3']);
  });

  it('EndpointExtraOptions reach every member', () => {
    const R = resource({
      path: '/todos/:id',
      schema: Todo,
      dataExpiryLength: 1000,
      errorExpiryLength: 50,
      invalidIfStale: true,
      pollFrequency: 60000,
      errorPolicy: () => 'hard' as const,
    });
    for (const ep of [R.get, R.getList, R.getList.push, R.update, R.partialUpdate, R.delete]) {
      const { dataExpiryLength, errorExpiryLength, invalidIfStale, pollFrequency } = ep;
      expect({ dataExpiryLength, errorExpiryLength, invalidIfStale, pollFrequency }).toEqual({
        dataExpiryLength: 1000,
        errorExpiryLength: 50,
        invalidIfStale: true,
        pollFrequency: 60000,
      });
      expect(ep.errorPolicy(new Error('x'))).toBe('hard');
    }
  });

  it('misuse throws a TypeError naming the option', () => {
    expect(() => resource({ path: '/todos/:id', schema: undefined as unknown as typeof Todo })).toThrow(/option 'schema'/);
    expect(() => resource({ path: '/todos/:id', schema: Todo, Endpoint: class {} as never })).toThrow(/option 'Endpoint'/);
  });
});
