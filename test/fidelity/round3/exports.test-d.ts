// Type names a data-client 0.18 definition file can import from `@data-client/rest` /
// `@data-client/endpoint` that round 3's first part left out: `Queryable`, `SchemaSimple`,
// `RestType`, `AddEndpoint`.
import { describe, expectTypeOf, it } from 'vitest';
import {
  All,
  Collection,
  Entity,
  Query,
  resource,
  type AddEndpoint,
  type Defaults,
  type FetchGet,
  type FetchMutate,
  type NI,
  type RestFetch,
  type FetchFunction,
  type Queryable,
  type RestType,
  type SchemaSimple,
} from '../../../src/core/index.js';

class Todo extends Entity {
  id = 0;
  title = '';
}

describe('Queryable', () => {
  it('holds the schemas that find their value from arguments, and is a usable constraint', () => {
    expectTypeOf<typeof Todo>().toExtend<Queryable>();
    expectTypeOf<All<typeof Todo>>().toExtend<Queryable>();
    expectTypeOf<Collection<[typeof Todo]>>().toExtend<Queryable>();
    expectTypeOf<NumberConstructor>().not.toExtend<Queryable>();
    function countOf<S extends Queryable>(schema: S) {
      return new Query(schema, (items: unknown) => (Array.isArray(items) ? items.length : 0));
    }
    expectTypeOf(countOf(new All(Todo))).toExtend<Query>();
    // @ts-expect-error a plain string is no schema
    countOf('todos');
  });
});

describe('SchemaSimple', () => {
  it('types a schema written by hand', () => {
    const upper: SchemaSimple = { normalize: input => String(input).toUpperCase(), denormalize: input => input };
    expectTypeOf(upper.normalize).parameter(0).toEqualTypeOf<unknown>();
    // @ts-expect-error denormalize is required
    const partial: SchemaSimple = { normalize: (input: unknown) => input };
    void partial;
  });
});

describe('RestType', () => {
  it('a GET and a mutation typed positionally', () => {
    type GetTodo = RestType<{ id: number }, undefined, typeof Todo, false, Todo, { path: '/todos/:id' }>;
    expectTypeOf<GetTodo['sideEffect']>().toEqualTypeOf<undefined>();
    expectTypeOf<ReturnType<GetTodo>>().resolves.toEqualTypeOf<Todo>();
    type CreateTodo = RestType<{}, Partial<Todo>, typeof Todo, true, Todo, { path: '/todos' }>;
    expectTypeOf<CreateTodo['sideEffect']>().toEqualTypeOf<true>();
  });
});

describe('AddEndpoint', () => {
  it('is what a list push is: POST of the body, resolving to the item', () => {
    const TodoResource = resource({ path: '/todos/:id', schema: Todo });
    type Add = AddEndpoint<FetchFunction, typeof Todo, { path: '/todos'; body: Partial<Todo> }>;
    expectTypeOf<Add['sideEffect']>().toEqualTypeOf<true>();
    expectTypeOf<ReturnType<Add>>().resolves.toEqualTypeOf<Todo>();
    const add = TodoResource.getList.push as unknown as Add;
    expectTypeOf(add({ title: 'x' })).resolves.toEqualTypeOf<Todo>();
    // @ts-expect-error the body is the item's fields
    void add({ title: 1 });
  });
});

describe('Defaults, NI, FetchGet, FetchMutate, RestFetch', () => {
  it('type as data-client names them', () => {
    expectTypeOf<Defaults<{ method?: 'POST' }, { method: 'GET'; path: '/todos' }>>().toEqualTypeOf<{ method: 'POST'; path: '/todos' }>();
    expectTypeOf<NI<string>>().toEqualTypeOf<string>();
    expectTypeOf<FetchGet<[{ id: number }], Todo>>().toEqualTypeOf<(args_0: { id: number }) => Promise<Todo>>();
    expectTypeOf<ReturnType<FetchMutate<[{ title: string }], Todo>>>().resolves.toEqualTypeOf<Todo>();
    expectTypeOf<RestFetch<{ id: number }, Partial<Todo>, Todo>>().parameters.toEqualTypeOf<[params: { id: number }, body: Partial<Todo>]>();
    expectTypeOf<RestFetch<{ page?: number }, undefined, Todo[]>>().parameters.toEqualTypeOf<[params?: { page?: number }]>();
  });
});
