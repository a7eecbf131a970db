import { createSignal } from 'solid-js';
import type { Accessor } from 'solid-js';
import { readCall } from './args.js';
import { watchStoreSignal } from './bridge.js';
import { useController, useStoreSignals } from './context.js';
import type { DataOf, EndpointOf, MaybeEndpointAccessor, SolidArgs } from './types.js';
import { trackFetch, type FetchPromise } from '../../core/index.js';

/**
 * Fetches `endpoint(...args)` when it is missing or stale, without reading it and without
 * suspending: render it with `useSuspense`, `useCache` or `useDLE`, or prefetch what a child will
 * read. While the owner lives the result stays fresh (refetched when it goes stale or is
 * invalidated, as a `useDLE` of it would). Returns an accessor of the promise of the call for the
 * current arguments: the fetch's promise, or an already resolved one when the data was fresh;
 * `undefined` while the first argument is `null` ("not yet"). Arguments may be values or
 * accessors and are followed.
 *
 * @example
 * function ArticlePage(props: { id: number }) {
 *   // the comments load beside the article instead of after it
 *   useFetch(CommentResource.getList, () => ({ articleId: props.id }));
 *   const article = useSuspense(ArticleResource.get, () => ({ id: props.id }));
 *   return <h1>{article()?.title}</h1>;
 * }
 */
export function useFetch<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): Accessor<FetchPromise<DataOf<EndpointOf<E>>> | undefined> {
  const store = useStoreSignals('useFetch');
  const controller = useController();
  const [promise, setPromise] = createSignal<FetchPromise<DataOf<EndpointOf<E>>> | undefined>(undefined, { equals: false });
  // Each call the arguments resolve to first fetches what is stale, then holds a `dle` view of it
  // so that later staleness and invalidation refetch, as in useDLE.
  watchStoreSignal(
    () => readCall(endpoint, args),
    ([e, a]) => {
      setPromise(() => trackFetch(controller.fetchIfStale(e, ...a) as Promise<DataOf<EndpointOf<E>>>));
      return store.dle(e, ...a);
    },
    outcome => {
      if (outcome === null) setPromise(undefined);
    },
  );
  return promise;
}
