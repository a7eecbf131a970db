import { describe, expectTypeOf, it } from 'vitest';
import { Endpoint, resource, RestEndpoint, type PathArgs, type RestGenerics, type ShortenPath } from '../../src/core/rest/index.js';
import { Collection } from '../../src/core/schema/index.js';
import { Todo } from './fixtures.js';

describe('path types', () => {
  it('infers parameters from the template', () => {
    expectTypeOf<PathArgs<'/users/:id'>>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<PathArgs<'/users{/:id}'>>().toEqualTypeOf<{ id?: string | number }>();
    expectTypeOf<PathArgs<'/:owner/*path'>>().toEqualTypeOf<{ owner: string | number; path: string[] }>();
    expectTypeOf<PathArgs<'/search\\?{q=:q}{&page=:page}'>>().toEqualTypeOf<{ q?: string | number; page?: string | number }>();
    expectTypeOf<PathArgs<'/time\\:now/:"item id"'>>().toEqualTypeOf<{ 'item id': string | number }>();
    expectTypeOf<PathArgs<'/plain'>>().toEqualTypeOf<{}>();
  });

  it('shortens like removeLastArg', () => {
    expectTypeOf<ShortenPath<'/:first/:second'>>().toEqualTypeOf<'/:first'>();
    expectTypeOf<ShortenPath<'/:first'>>().toEqualTypeOf<'/'>();
    expectTypeOf<ShortenPath<'/:owner/*path'>>().toEqualTypeOf<'/:owner'>();
  });
});

describe('RestEndpoint call signatures', () => {
  it('standalone endpoint: path params inferred, denormalized return', () => {
    const getTodo = new RestEndpoint({ path: '/todos/:id', schema: Todo });
    expectTypeOf(getTodo).parameter(0).toMatchTypeOf<{ id: string | number }>();
    expectTypeOf(getTodo({ id: 1 })).toEqualTypeOf<Promise<Todo>>();
    // @ts-expect-error missing id
    void getTodo({});
    // @ts-expect-error no arguments at all
    void getTodo();
  });

  it('body and searchParams flow into the call signature', () => {
    const create = new RestEndpoint({
      path: '/groups/:group/todos',
      method: 'POST',
      schema: Todo,
      body: {} as { title: string },
      searchParams: {} as { notify?: boolean },
    });
    expectTypeOf(create({ group: 'a', notify: true }, { title: 'x' })).toEqualTypeOf<Promise<Todo>>();
    // @ts-expect-error wrong body
    void create({ group: 'a' }, { title: 1 });
    // @ts-expect-error wrong search param type
    void create({ group: 'a', notify: 'yes' }, { title: 'x' });
  });

  it('no schema: fetch resolves to process() type or unknown, never any', () => {
    const raw = new RestEndpoint({ path: '/ping' });
    expectTypeOf(raw()).toEqualTypeOf<Promise<unknown>>();
    const processed = new RestEndpoint({ path: '/ping', process: (v: unknown) => String(v) });
    expectTypeOf(processed()).toEqualTypeOf<Promise<string>>();
  });

  it('Endpoint: typed by its fetch function and schema', () => {
    const plain = new Endpoint(async (id: number) => ({ id }), { name: 'plain' });
    expectTypeOf(plain(1)).toEqualTypeOf<Promise<{ id: number }>>();
    const withSchema = new Endpoint(async (id: number) => ({ id }) as unknown, { schema: Todo, name: 'withSchema' });
    expectTypeOf(withSchema(1)).toEqualTypeOf<Promise<Todo>>();
  });

  it('generic subclass is accepted as resource({ Endpoint })', () => {
    class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
      override getHeaders(headers: Record<string, string>) {
        return { ...headers, Authorization: 'Bearer x' };
      }
    }
    const R = resource({ path: '/todos/:id', schema: Todo, Endpoint: AuthdEndpoint });
    expectTypeOf(R.get({ id: 1 })).toEqualTypeOf<Promise<Todo>>();
  });
});

describe('resource() member types', () => {
  const R = resource({ path: '/groups/:group/todos/:id', schema: Todo, paginationField: 'page', searchParams: {} as { completed?: boolean } });

  it('returns denormalized entity classes', () => {
    expectTypeOf(R.get({ group: 'a', id: 1 })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(R.getList({ group: 'a' })).toEqualTypeOf<Promise<Todo[]>>();
    expectTypeOf(R.getList.push({ group: 'a' }, { title: 'x' })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(R.getList.unshift({ group: 'a' }, { title: 'x' })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(R.getList.getPage({ group: 'a', page: 2 })).toEqualTypeOf<Promise<Todo[]>>();
    expectTypeOf(R.getList.move({ group: 'a', id: 1 }, { group: 'b' })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(R.update({ group: 'a', id: 1 }, { title: 'x' })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(R.partialUpdate({ group: 'a', id: 1 }, { completed: true })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(R.getList.schema).toEqualTypeOf<Collection<[typeof Todo]>>();
  });

  it('rejects a missing id and a wrong body', () => {
    // @ts-expect-error missing id
    void R.get({ group: 'a' });
    // @ts-expect-error missing id
    void R.partialUpdate({ group: 'a' }, { completed: true });
    // @ts-expect-error wrong body field type
    void R.partialUpdate({ group: 'a', id: 1 }, { completed: 'yes' });
    // @ts-expect-error unknown body field
    void R.update({ group: 'a', id: 1 }, { nope: 1 });
    // @ts-expect-error searchParams type
    void R.getList({ group: 'a', completed: 'no' });
  });

  it('extend forms are typed', () => {
    const E = R.extend('current', { path: '/me' }).extend({ update: { method: 'PATCH' } }).extend(base => ({
      byTitle: base.getList.extend({ searchParams: {} as { title: string } }),
    }));
    expectTypeOf(E.current()).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(E.update.method).toEqualTypeOf<string>();
    expectTypeOf(E.byTitle({ group: 'a', title: 'x' })).toEqualTypeOf<Promise<Todo[]>>();
  });
});
