import { describe, expectTypeOf, it } from 'vitest';
import type { ComputedRef, ShallowRef } from 'vue';
import type { FetchPromise } from '../../../src/core/index.js';
import { ref } from 'vue';
import {
  hookifyResource,
  useCache,
  useCancelling,
  useDLE,
  useDebounce,
  useFetch,
  useLive,
  useLoading,
  useQuery,
  useSuspense,
} from '../../../src/adapters/vue/index.js';
import type { Article, ArticleApi } from './fixtures.js';
import type { Article as ArticleClass } from './fixtures.js';

declare const api: ArticleApi;
declare const ArticleEntity: typeof ArticleClass;

describe('Vue adapter types', () => {
  it('useFetch: a ref of the promise of the data; the arguments are checked and may be reactive or null', async () => {
    expectTypeOf(useFetch(api.get, { id: 1 })).toEqualTypeOf<Readonly<ShallowRef<FetchPromise<Article> | undefined>>>();
    expectTypeOf(useFetch(api.get, () => (Math.random() ? { id: 1 } : null))).toEqualTypeOf<Readonly<ShallowRef<FetchPromise<Article> | undefined>>>();
    expectTypeOf(await useFetch(api.getList).value!).toEqualTypeOf<Article[]>();
    expectTypeOf(useFetch(api.get, { id: 1 }).value!.resolved).toEqualTypeOf<boolean>();
    // @ts-expect-error the path parameter is required
    void useFetch(api.get, { title: 'x' });
  });

  it('useSuspense: plain or reactive arguments give the data, nullable ones may be undefined', async () => {
    expectTypeOf(await useSuspense(api.get, { id: 1 })).toEqualTypeOf<ComputedRef<Article>>();
    expectTypeOf(await useSuspense(api.get, () => ({ id: 1 }))).toEqualTypeOf<ComputedRef<Article>>();
    expectTypeOf(await useSuspense(api.get, ref({ id: 1 }))).toEqualTypeOf<ComputedRef<Article>>();
    expectTypeOf(await useSuspense(api.get, null)).toEqualTypeOf<ComputedRef<Article | undefined>>();
    expectTypeOf(await useLive(api.get, { id: 1 })).toEqualTypeOf<ComputedRef<Article>>();
    // @ts-expect-error the path parameter is required
    void useSuspense(api.get, { title: 'x' });
  });

  it('non-suspending composables', () => {
    const { data, loading, error } = useDLE(api.get, () => ({ id: 1 }));
    expectTypeOf(data).toEqualTypeOf<ComputedRef<Article | undefined>>();
    expectTypeOf(loading).toEqualTypeOf<ComputedRef<boolean>>();
    expectTypeOf(error).toEqualTypeOf<ComputedRef<Error | undefined>>();
    expectTypeOf(useCache(api.get, { id: 1 })).toEqualTypeOf<ComputedRef<Article | undefined>>();
    expectTypeOf(useQuery(ArticleEntity, { id: 1 })).toEqualTypeOf<ComputedRef<Article | undefined>>();
  });

  it('helpers', () => {
    const cancelling = useCancelling(api.get, () => ({ id: 1 }));
    expectTypeOf(cancelling).toEqualTypeOf<ComputedRef<ArticleApi['get']>>();
    expectTypeOf(useDLE(cancelling, { id: 1 }).data).toEqualTypeOf<ComputedRef<Article | undefined>>();
    const [debounced, pending] = useDebounce(ref('q'), 100);
    expectTypeOf(debounced).toEqualTypeOf<ComputedRef<string>>();
    expectTypeOf(pending).toEqualTypeOf<ComputedRef<boolean>>();
    const [run, busy] = useLoading(async (n: number) => n * 2);
    expectTypeOf(run).toEqualTypeOf<(n: number) => Promise<number | undefined>>();
    expectTypeOf(busy).toEqualTypeOf<ComputedRef<boolean>>();
    const hooks = hookifyResource(api, () => ({ headers: { a: 'b' } }));
    expectTypeOf(hooks.useGet).returns.toEqualTypeOf<ArticleApi['get']>();
    expectTypeOf(hooks.usePartialUpdate).returns.toEqualTypeOf<ArticleApi['partialUpdate']>();
    expectTypeOf(hooks.useCreate).returns.toEqualTypeOf<ArticleApi['getList']['push']>();
  });
});
