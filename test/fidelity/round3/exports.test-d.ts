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
  createResource,
  getUrlBase,
  getUrlTokens,
  RestEndpoint,
  Union,
  normalize,
  type CustomResource,
  type DenormalizeObject,
  type EntityMap,
  type EntityTable,
  type ErrorTypes,
  type ExtendedResource,
  type IDenormalizeDelegate,
  type IEntityClass,
  type IEntityInstance,
  type INormalizeDelegate,
  type IQueryDelegate,
  type KeyofRestEndpoint,
  type Mergeable,
  type MethodToSide,
  type ObjectArgs,
  type PaginationEndpoint,
  type PaginationFieldEndpoint,
  type ParamToArgs,
  type Resource,
  type ResourceExtension,
  type ResourceGenerics,
  type RestExtendedEndpoint,
  type RestInstance,
  type SchemaClass,
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

describe('createResource, ResourceExtension, CustomResource, ExtendedResource', () => {
  it('createResource is resource under data-client\'s other name, with the same options', () => {
    const TodoResource = createResource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number }, paginationField: 'page' });
    expectTypeOf(TodoResource).toEqualTypeOf<Resource<{ path: '/todos/:id'; schema: typeof Todo; searchParams: { userId?: number }; paginationField: 'page' }>>();
    expectTypeOf(TodoResource.get({ id: 1 })).resolves.toEqualTypeOf<Todo>();
    expectTypeOf(TodoResource.getList.getPage).parameter(0).toExtend<{ page: string | number; userId?: number }>();
  });

  it('ResourceExtension types a function that customizes members of a resource', () => {
    const TodoResource = resource({ path: '/todos/:id', schema: Todo });
    function withLongExpiry(r: typeof TodoResource): ResourceExtension<typeof TodoResource, 'get' | 'getList', { dataExpiryLength: number }> {
      return r.extend({ get: { dataExpiryLength: 600_000 }, getList: { dataExpiryLength: 600_000 } });
    }
    const Long = withLongExpiry(TodoResource);
    expectTypeOf(Long.get({ id: 1 })).resolves.toEqualTypeOf<Todo>();
    expectTypeOf(Long.getList()).resolves.toEqualTypeOf<Todo[]>();
    expectTypeOf(Long.update).toEqualTypeOf<(typeof TodoResource)['update']>();
    // @ts-expect-error only the resource's own members can be named
    type Bad = ResourceExtension<typeof TodoResource, 'nope', {}>;
  });

  it('CustomResource is the return type of a project\'s own resource factory', () => {
    function createMyResource<const O extends ResourceGenerics>(options: O): CustomResource<Resource<O>, O, { dataExpiryLength: number }> {
      return resource(options).extend({ get: { dataExpiryLength: 60_000 } }) as never;
    }
    const TodoResource = createMyResource({ path: '/todos/:id', schema: Todo });
    expectTypeOf(TodoResource.get({ id: 1 })).resolves.toEqualTypeOf<Todo>();
    expectTypeOf(TodoResource.delete).toEqualTypeOf<Resource<{ path: '/todos/:id'; schema: typeof Todo }>['delete']>();
    type WithCurrent = ExtendedResource<typeof TodoResource, { current: RestEndpoint<{ path: '/todos/current'; schema: typeof Todo }> }>;
    expectTypeOf<ReturnType<WithCurrent['current']>>().resolves.toEqualTypeOf<Todo>();
    expectTypeOf<WithCurrent['get']>().toEqualTypeOf<(typeof TodoResource)['get']>();
  });

  it('RestExtendedEndpoint is extend()\'s type (options first)', () => {
    const TodoResource = resource({ path: '/todos/:id', schema: Todo });
    const v2 = TodoResource.get.extend({ path: '/v2/todos/:slug' });
    expectTypeOf(v2).toExtend<RestExtendedEndpoint<{ path: '/v2/todos/:slug' }, typeof TodoResource.get>>();
    expectTypeOf<RestExtendedEndpoint<{ path: '/v2/todos/:slug' }, typeof TodoResource.get>>().parameter(0).toEqualTypeOf<{ slug: string | number }>();
    expectTypeOf<ReturnType<RestExtendedEndpoint<{ path: '/v2/todos/:slug' }, typeof TodoResource.get>>>().resolves.toEqualTypeOf<Todo>();
    expectTypeOf(v2).parameter(0).toEqualTypeOf<{ slug: string | number }>();
  });
});

describe('PaginationEndpoint, PaginationFieldEndpoint', () => {
  it('are what paginated() returns in its two forms', () => {
    const TodoResource = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
    const byField = TodoResource.getList.paginated('cursor');
    expectTypeOf(byField).toEqualTypeOf<PaginationFieldEndpoint<typeof TodoResource.getList, 'cursor'>>();
    expectTypeOf(byField).parameter(0).toExtend<{ cursor: string | number; userId?: number }>();
    const byFunction = TodoResource.getList.paginated(({ cursor, ...rest }: { cursor: string; userId?: number }) => [rest]);
    expectTypeOf(byFunction).toEqualTypeOf<PaginationEndpoint<typeof TodoResource.getList, [{ cursor: string; userId?: number }]>>();
    expectTypeOf(byFunction({ cursor: 'abc' })).resolves.toEqualTypeOf<Todo[]>();
  });
});

describe('getUrlBase, getUrlTokens', () => {
  it('type a custom url() as data-client documents it', () => {
    class PrefixedEndpoint<O extends RestGenericsOf = RestGenericsOf> extends RestEndpoint<O> {
      override url(urlParams: Record<string, unknown> = {}): string {
        const base = getUrlBase(this.path)(urlParams);
        const tokens = getUrlTokens(this.path);
        const search: Record<string, unknown> = {};
        for (const k of Object.keys(urlParams)) if (!tokens.has(k)) search[k] = urlParams[k];
        return Object.keys(search).length ? `${this.urlPrefix}${base}?${this.searchToString(search)}` : `${this.urlPrefix}${base}`;
      }
    }
    expectTypeOf(PrefixedEndpoint).toBeConstructibleWith({ path: '/todos/:id', schema: Todo });
    expectTypeOf(getUrlTokens('/users/:id')).toEqualTypeOf<ReadonlySet<string>>();
    expectTypeOf(getUrlBase('/users/:id')).toEqualTypeOf<(params?: object) => string>();
    // @ts-expect-error a template is a string
    getUrlTokens(5);
  });
});
type RestGenericsOf = { readonly path: string; readonly schema?: unknown };

describe('entity and schema-protocol names', () => {
  it('IEntityClass, IEntityInstance, EntityMap', () => {
    class Post extends Entity {
      id = 0;
      type = 'post' as const;
    }
    class Link extends Entity {
      id = 0;
      type = 'link' as const;
    }
    const tableOf = (entity: IEntityClass) => entity.key;
    expectTypeOf(tableOf(Post)).toEqualTypeOf<string>();
    expectTypeOf(new Post()).toExtend<IEntityInstance>();
    const feed = { posts: Post, links: Link } satisfies EntityMap;
    expectTypeOf(new Union(feed, 'type')).toExtend<Union>();
    // @ts-expect-error a plain object is no entity class
    const notEntities: EntityMap = { posts: { key: 'Post' } };
    void notEntities;
  });

  it('SchemaClass and the delegates type a schema written by hand', () => {
    class Trimmed implements SchemaClass {
      normalize(input: unknown, parent: unknown, key: string | undefined, delegate: INormalizeDelegate) {
        expectTypeOf(delegate.args).toEqualTypeOf<readonly unknown[]>();
        return typeof input === 'string' ? input.trim() : delegate.visit(undefined, input, parent, key);
      }
      denormalize(input: unknown, delegate: IDenormalizeDelegate) {
        return delegate.unvisit(undefined, input);
      }
      queryKey(args: readonly unknown[], delegate: IQueryDelegate) {
        return delegate.getIndex('User', 'email', String(args[0]));
      }
    }
    expectTypeOf(new Trimmed()).toExtend<SchemaClass>();
    const merges = (schema: Mergeable) => schema.key;
    expectTypeOf(merges(Todo)).toEqualTypeOf<string>();
  });

  it('EntityTable is what normalize returns; ObjectArgs and DenormalizeObject type objects of schemas', () => {
    expectTypeOf(normalize(Todo, { id: 1, title: 'x' }).entities).toExtend<EntityTable>();
    expectTypeOf<ObjectArgs<{ todo: typeof Todo }>>().toEqualTypeOf<[Partial<{ id: number; title: string }> | string | number]>();
    expectTypeOf<DenormalizeObject<{ todo: typeof Todo; todos: (typeof Todo)[] }>>().toEqualTypeOf<{ todo: Todo; todos: Todo[] }>();
  });
});

describe('small helpers', () => {
  it('MethodToSide, ParamToArgs, KeyofRestEndpoint, ErrorTypes, RestInstance', () => {
    expectTypeOf<MethodToSide<'GET'>>().toEqualTypeOf<undefined>();
    expectTypeOf<MethodToSide<'PATCH'>>().toEqualTypeOf<true>();
    expectTypeOf<ParamToArgs<{ id: number }>>().toEqualTypeOf<[{ id: number }]>();
    expectTypeOf<ParamToArgs<{ page?: number }>>().toEqualTypeOf<[] | [{ page?: number }]>();
    expectTypeOf<ParamToArgs<undefined>>().toEqualTypeOf<[]>();
    expectTypeOf<'url'>().toExtend<KeyofRestEndpoint>();
    expectTypeOf<'getPage'>().toExtend<KeyofRestEndpoint>();
    const statusOf = (error: ErrorTypes) => error.status;
    expectTypeOf(statusOf).returns.toEqualTypeOf<unknown>();
    expectTypeOf<RestInstance['url']>().toEqualTypeOf<(params?: object) => string>();
  });
});
