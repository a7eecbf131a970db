// Types of the Solid primitives: results are typed from the endpoint, arguments may be accessors.
import type { Accessor, Resource } from 'solid-js';
import { describe, expectTypeOf, it } from 'vitest';
import {
  hookifyResource,
  useCache,
  useCancelling,
  useDLE,
  useDebounce,
  useLoading,
  useSuspense,
} from '../../../src/adapters/solid/index.js';
import type { Article, ArticleApi } from './fixtures.js';

declare const api: ArticleApi;

describe('Solid primitive types', () => {
  it('types results from the endpoint', () => {
    expectTypeOf(useSuspense(api.get, { id: 1 })).toEqualTypeOf<Resource<Article>>();
    expectTypeOf(useSuspense(api.get, () => ({ id: 1 }))).toEqualTypeOf<Resource<Article>>();
    expectTypeOf(useSuspense(api.get, null)).toEqualTypeOf<Resource<Article>>();
    expectTypeOf(useCache(api.get, { id: 1 })).toEqualTypeOf<Accessor<Article | undefined>>();
    expectTypeOf(useDLE(api.get, { id: 1 }).data).toEqualTypeOf<Accessor<Article | undefined>>();
    expectTypeOf(useDLE(api.get, { id: 1 }).loading).toEqualTypeOf<Accessor<boolean>>();
    expectTypeOf(useCancelling(api.get, { id: 1 })).toEqualTypeOf<Accessor<ArticleApi['get']>>();
  });

  it('rejects arguments of the wrong shape', () => {
    // @ts-expect-error id must be a string or number
    useSuspense(api.get, { id: { nested: true } });
  });

  it('types useLoading, useDebounce and hookifyResource', () => {
    const [run, loading, error] = useLoading(async (n: number) => n * 2);
    expectTypeOf(run).toEqualTypeOf<(n: number) => Promise<number | undefined>>();
    expectTypeOf(loading).toEqualTypeOf<Accessor<boolean>>();
    expectTypeOf(error).toEqualTypeOf<Accessor<Error | undefined>>();
    expectTypeOf(useDebounce(() => 'q', 100)[0]).toEqualTypeOf<Accessor<string>>();
    const hooks = hookifyResource(api, () => ({ headers: {} }));
    expectTypeOf(hooks.useGet).toEqualTypeOf<() => ArticleApi['get']>();
    expectTypeOf(hooks.useCreate).toEqualTypeOf<() => ArticleApi['getList']['push']>();
  });
});
