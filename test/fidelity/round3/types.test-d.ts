// Types that data-client 0.18's own `.d.ts` accept, written as its example apps and docs write
// them (unannotated Query callbacks, `Collection<Item[]>`, the type names definition files
// import, `extend({ fetch })`, `fetch(delete)`, object schemas with primitive defaults,
// `getList.push(params, body)` and `controller.set` lookups).
import { describe, expectTypeOf, it } from 'vitest';
import {
  All,
  Collection,
  createDataClient,
  Entity,
  Query,
  resource,
  RestEndpoint,
  type Denormalize,
  type DenormalizeNullable,
  type EntityInterface,
  type GetEndpoint,
  type MutateEndpoint,
  type PolymorphicInterface,
  type RestEndpointOptions,
  type SchemaArgs,
} from '../../../src/core/index.js';

class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
}
class Ticker extends Entity {
  product_id = '';
  price = 0;
  override pk() {
    return this.product_id;
  }
}
class Stats extends Entity {
  product_id = '';
  last = 0;
  override pk() {
    return this.product_id;
  }
}
const TodoResource = resource({
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: string | number } | undefined,
});

describe('Query: the callback is typed from its schema', () => {
  it('over All, with untyped lookup arguments', () => {
    const remaining = new Query(new All(Todo), (entries, { userId } = {}) => {
      expectTypeOf(entries).toEqualTypeOf<Todo[]>();
      if (userId !== undefined) return entries.filter(todo => todo.userId === userId && !todo.completed).length;
      return entries.filter(todo => !todo.completed).length;
    });
    const { controller } = createDataClient();
    expectTypeOf(controller.get(remaining, { userId: 1 })).toEqualTypeOf<number | undefined>();
  });
  it('over a getList Collection', () => {
    const total = new Query(TodoResource.getList.schema, entries => entries.length);
    expectTypeOf<DenormalizeNullable<typeof total>>().toEqualTypeOf<number | undefined>();
  });
  it('with its lookup arguments annotated, as strict code writes them', () => {
    const { controller } = createDataClient();
    const optional = new Query(new All(Todo), (entries, { userId }: { userId?: number } = {}) => entries.filter(t => userId === undefined || t.userId === userId).length);
    expectTypeOf(controller.get(optional, { userId: 1 })).toEqualTypeOf<number | undefined>();
    expectTypeOf<Denormalize<typeof optional>>().toEqualTypeOf<number>();
    const required = new Query(new All(Todo), (entries: Todo[], args: { userId: number }) => entries.filter(t => t.userId === args.userId));
    expectTypeOf(controller.get(required, { userId: 1 })).toEqualTypeOf<Todo[] | undefined>();
    expectTypeOf<DenormalizeNullable<typeof required>>().toEqualTypeOf<Todo[] | undefined>();
  });
  it('over an object of entities', () => {
    const price = new Query({ ticker: Ticker, stats: Stats }, ({ ticker, stats }) => ticker?.price ?? stats?.last);
    expectTypeOf<DenormalizeNullable<typeof price>>().toEqualTypeOf<number | undefined>();
  });
});

describe('Collection<Item[]>', () => {
  it('is accepted as a type argument, also by a generic subclass', () => {
    const list: Collection<(typeof Todo)[]> = new Collection([Todo]);
    expectTypeOf<Denormalize<typeof list>>().toEqualTypeOf<Todo[]>();
    void list;
    class MyCollection<S extends any[] | PolymorphicInterface = any> extends Collection<S> {}
    const mine = new MyCollection([Todo]);
    expectTypeOf(mine).toMatchTypeOf<Collection>();
  });
});

describe('the type names definition files import', () => {
  it('exist', () => {
    expectTypeOf<Denormalize<typeof Todo>>().toEqualTypeOf<Todo>();
    expectTypeOf<DenormalizeNullable<typeof Todo>>().toEqualTypeOf<Todo | undefined>();
    expectTypeOf<GetEndpoint>().not.toBeNever();
    expectTypeOf<MutateEndpoint>().not.toBeNever();
    expectTypeOf<SchemaArgs<typeof Todo>>().not.toBeNever();
    expectTypeOf<EntityInterface>().not.toBeNever();
    const options: RestEndpointOptions = { urlPrefix: 'http://x' };
    void options;
  });
});

describe('RestEndpoint.extend({ fetch })', () => {
  it('is typed', () => {
    const base = new RestEndpoint({ path: '/todos/:id', schema: Todo });
    const withFetch = base.extend({
      fetch: async ({ id }: { id: number }) => ({ id, userId: 1, title: 'x', completed: false }),
    });
    expectTypeOf(withFetch).toBeCallableWith({ id: 1 });
  });
});

describe('controller.fetch(Resource.delete, { id })', () => {
  it('resolves to a value with the entity fields', async () => {
    const { controller } = createDataClient();
    const deleted = await controller.fetch(TodoResource.delete, { id: 1 });
    expectTypeOf(deleted).toHaveProperty('id');
    expectTypeOf(deleted).toHaveProperty('title');
  });
});

describe('object schema with primitive defaults', () => {
  it('types the primitives as their type', () => {
    const getPage = new RestEndpoint({
      path: '/articles',
      schema: { results: { items: [Todo], totalCount: 0 }, link: '' },
    });
    type Page = Awaited<ReturnType<typeof getPage>>;
    expectTypeOf<Page['results']['totalCount']>().toEqualTypeOf<number>();
    expectTypeOf<Page['link']>().toEqualTypeOf<string>();
    expectTypeOf<Page['results']['items']>().toEqualTypeOf<Todo[]>();
  });
});

describe('object schema with primitive defaults in a resource extension', () => {
  it('types the primitives through extend and controller.fetch', async () => {
    const Issues = resource({ path: '/repos/:owner/:repo/issues/:number', schema: Todo, paginationField: 'page' }).extend(Base => ({
      search: Base.getList.extend({
        path: '/search/issues',
        searchParams: {} as { q: string },
        schema: { results: { incompleteResults: false, items: Base.getList.schema, totalCount: 0 }, link: '' },
      }),
    }));
    const { controller } = createDataClient();
    const page = await controller.fetch(Issues.search, { q: 'x' });
    expectTypeOf(page.results.totalCount).toEqualTypeOf<number>();
    expectTypeOf(page.results.incompleteResults).toEqualTypeOf<boolean>();
    expectTypeOf(page.link).toEqualTypeOf<string>();
    expectTypeOf(page.results.items).toEqualTypeOf<Todo[]>();
    const shown = controller.getResponse(Issues.search, { q: 'x' }).data;
    expectTypeOf(shown?.link).toEqualTypeOf<string | undefined>();
  });
});

describe('a resource interface written with GetEndpoint and Collection<S[]>', () => {
  it('compiles as data-client definition files write it', () => {
    interface ListResource<O extends { path: string; schema: typeof Todo }> {
      getList: GetEndpoint<{ readonly path: O['path']; readonly schema: { results: Collection<O['schema'][]>; link: string } }>;
    }
    const r = null! as ListResource<{ path: '/todos'; schema: typeof Todo }>;
    expectTypeOf(r.getList()).resolves.toEqualTypeOf<{ results: Todo[]; link: string }>();
  });
});

describe('getList.push(params, body) with optional search parameters', () => {
  it('compiles', () => {
    void TodoResource.getList.push({ userId: 1 }, { title: 'x' });
    void TodoResource.getList.push({ title: 'x' });
  });
});

describe('controller.set lookups carry the pk fields', () => {
  it('rejects an empty lookup', () => {
    const { controller } = createDataClient();
    void controller.set(Todo, { id: 1 }, { id: 1, title: 'x' });
    // @ts-expect-error the lookup has no pk field
    void controller.set(Todo, {}, { id: 1, title: 'x' });
  });
});
