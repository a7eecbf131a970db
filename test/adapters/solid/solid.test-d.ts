// Types of the Solid primitives: results are typed from the endpoint, arguments may be accessors.
// The endpoints are declared by hand (the members the client's signal API reads, nothing more) so
// these tests pin the adapter's typing on its own.
import type { Accessor, Resource } from 'solid-js';
import { describe, expectTypeOf, it } from 'vitest';
import {
  hookifyResource,
  useCache,
  useCancelling,
  useDLE,
  useFetch,
  useDebounce,
  useLoading,
  useQuery,
  useSuspense,
} from '../../../src/adapters/solid/index.js';
import type { Article } from './fixtures.js';
import type { FetchPromise } from '../../../src/core/index.js';

interface Endpoint<A extends unknown[], R> {
  (...args: A): Promise<R>;
  fetch(...args: A): Promise<unknown>;
  key(...args: A): string;
  readonly name: string;
  extend(options: object): Endpoint<A, R>;
}
declare const getArticle: Endpoint<[params: { id: number }], Article>;
declare const listArticles: Endpoint<[], Article[]> & { push: Endpoint<[body: Partial<Article>], Article> };
class Thing {
  id = 0;
}
declare const resource: { get: typeof getArticle; getList: typeof listArticles; partialUpdate: typeof getArticle; key: string };

describe('Solid primitive types', () => {
  it('useFetch: an accessor of the promise of the data; arguments are checked and may be accessors or null', async () => {
    expectTypeOf(useFetch(getArticle, { id: 1 })).toEqualTypeOf<Accessor<FetchPromise<Article> | undefined>>();
    expectTypeOf(useFetch(getArticle, () => null)).toEqualTypeOf<Accessor<FetchPromise<Article> | undefined>>();
    expectTypeOf(await useFetch(listArticles)()!).toEqualTypeOf<Article[]>();
    // @ts-expect-error the path parameter is required
    void useFetch(getArticle, { title: 'x' });
  });

  it('types results from the endpoint', () => {
    expectTypeOf(useSuspense(getArticle, { id: 1 })).toEqualTypeOf<Resource<Article>>();
    expectTypeOf(useSuspense(getArticle, () => ({ id: 1 }))).toEqualTypeOf<Resource<Article>>();
    expectTypeOf(useSuspense(getArticle, () => null)).toEqualTypeOf<Resource<Article>>();
    expectTypeOf(useSuspense(getArticle, null)).toEqualTypeOf<Resource<Article>>();
    expectTypeOf(useSuspense(listArticles)).toEqualTypeOf<Resource<Article[]>>();
    expectTypeOf(useCache(getArticle, { id: 1 })).toEqualTypeOf<Accessor<Article | undefined>>();
    expectTypeOf(useDLE(getArticle, { id: 1 }).data).toEqualTypeOf<Accessor<Article | undefined>>();
    expectTypeOf(useDLE(getArticle, { id: 1 }).loading).toEqualTypeOf<Accessor<boolean>>();
    expectTypeOf(useDLE(getArticle, { id: 1 }).error).toEqualTypeOf<Accessor<Error | undefined>>();
    expectTypeOf(useQuery(Thing, { id: 1 })()).toEqualTypeOf<Thing | undefined>();
  });

  it('accepts an endpoint accessor from useCancelling', () => {
    const cancelling = useCancelling(getArticle, () => ({ id: 1 }));
    expectTypeOf(cancelling).toEqualTypeOf<Accessor<typeof getArticle>>();
    expectTypeOf(useSuspense(cancelling, () => ({ id: 1 }))).toEqualTypeOf<Resource<Article>>();
  });

  it('rejects arguments of the wrong shape', () => {
    // @ts-expect-error id must be a number
    useSuspense(getArticle, { id: 'one' });
    // @ts-expect-error an accessor must yield the parameters (or null)
    useCache(getArticle, () => ({ id: 'one' }));
  });

  it('types useLoading, useDebounce and hookifyResource', () => {
    const [run, loading, error] = useLoading(async (n: number) => n * 2);
    expectTypeOf(run).toEqualTypeOf<(n: number) => Promise<number | undefined>>();
    expectTypeOf(loading).toEqualTypeOf<Accessor<boolean>>();
    expectTypeOf(error).toEqualTypeOf<Accessor<Error | undefined>>();
    expectTypeOf(useDebounce(() => 'q', 100)[0]).toEqualTypeOf<Accessor<string>>();
    const hooks = hookifyResource(resource, () => ({ headers: {} }));
    expectTypeOf(hooks.useGet).toEqualTypeOf<() => typeof getArticle>();
    expectTypeOf(hooks.usePartialUpdate).toEqualTypeOf<() => typeof getArticle>();
    expectTypeOf(hooks.useCreate).toEqualTypeOf<() => (typeof listArticles)['push']>();
    expectTypeOf(hooks).not.toHaveProperty('useKey');
  });
});
