import { shallowRef, watch, type ShallowRef } from 'vue';
import { useController } from './context.js';
import { endpointBridge } from './useSuspense.js';
import type { DataOf, EndpointLike, MaybeEndpointRef, VueArgs } from './types.js';
import { trackFetch, type FetchPromise } from '../../core/index.js';

/**
 * Fetches `endpoint(...args)` when it is missing or stale, without reading it and without
 * suspending: render it with `useSuspense`, `useCache` or `useDLE`, or prefetch what a child will
 * read. While the component lives the result stays fresh (refetched when it goes stale or is
 * invalidated, as a `useDLE` of it would). Returns a shallow ref of the promise of the call for
 * the current arguments: the fetch's promise, or an already resolved one when the data was fresh;
 * `undefined` while the first argument is `null` ("not yet"). Arguments may be plain values,
 * refs or getters and are followed. As in `@data-client/vue`, the ref (not a bare promise) is
 * what is returned.
 *
 * @example
 * const ArticlePage = defineComponent({
 *   props: { id: { type: Number, required: true } },
 *   setup(props) {
 *     // the comments load beside the article instead of after it
 *     useFetch(CommentResource.getList, () => ({ articleId: props.id }));
 *     const { data } = useDLE(ArticleResource.get, () => ({ id: props.id }));
 *     return () => h('h1', data.value?.title);
 *   },
 * });
 */
export function useFetch<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: VueArgs<Parameters<E>>
): Readonly<ShallowRef<FetchPromise<DataOf<E>> | undefined>> {
  const controller = useController();
  const promise = shallowRef<FetchPromise<DataOf<E>> | undefined>(undefined);
  // The bridge follows the arguments: each call it resolves to first fetches what is stale, then
  // holds a `dle` view of it so that later staleness and invalidation refetch, as in useDLE.
  const bridge = endpointBridge(endpoint, args, (store, [e, a]) => {
    promise.value = trackFetch(controller.fetchIfStale(e, ...(a as Parameters<typeof e>)) as Promise<DataOf<E>>);
    return store.dle(e, ...a);
  }, 'useFetch');
  // `null` arguments build nothing: the bridge's outcome is null then, and so is the promise
  if (!bridge.server) watch(() => bridge.outcome.value === null, none => {
    if (none) promise.value = undefined;
  });
  return promise;
}
