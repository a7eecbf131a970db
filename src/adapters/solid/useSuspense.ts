import type { Resource } from 'solid-js';
import { readCall } from './args.js';
import { useStoreSignals } from './context.js';
import { suspenseResource } from './suspenseResource.js';
import type { DataOf, EndpointLike, EndpointOf, MaybeEndpointAccessor, SolidArgs } from './types.js';

/**
 * The data of `endpoint(...args)` as a Solid `Resource`: reading it under `<Suspense>` suspends
 * until the data is in the store (fetching it when missing or stale), and a failed fetch
 * (`NetworkError`, a reply that does not fit its schema) throws to the nearest `<ErrorBoundary>`.
 * Later values (a refetch, polling, a mutation from another view) update it in place and never
 * show the `<Suspense>` fallback again. Arguments may be values or accessors; when they change
 * the resource follows them, suspending only when the new data is not in the store yet. A first
 * argument of `null` means "not yet": the resource reads `undefined` and fetches nothing.
 *
 * @example
 * function ArticlePage(props: { id: number }) {
 *   const article = useSuspense(ArticleResource.get, () => ({ id: props.id }));
 *   return <h1>{article()?.title}</h1>;
 * }
 */
export function useSuspense<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): Resource<DataOf<EndpointOf<E>>> {
  const store = useStoreSignals('useSuspense');
  return suspenseResource<readonly [EndpointLike, readonly unknown[]], DataOf<EndpointOf<E>>>(
    () => readCall(endpoint, args),
    ([e, a]) => store.suspense(e, ...a),
  );
}
