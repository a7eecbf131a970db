import { createMemo, type Accessor } from 'solid-js';
import { storeSource } from './bridge.js';
import { createCall } from './call.js';
import { clientFor } from './context.js';
import type { DataOf, EndpointOf, MaybeEndpointAccessor, SolidArgs } from '../solid/types.js';
import { trackFetch, type FetchPromise } from '../../core/index.js';

/**
 * Fetches `endpoint(...args)` when it is missing or stale, without reading it and without
 * suspending: render it with `useSuspense`, `useCache` or `useDLE`, or prefetch what a child will
 * read. While the owner lives the result stays fresh (refetched when it goes stale or is
 * invalidated, as a `useDLE` of it would). Returns an accessor of the promise of the call for the
 * current arguments: the fetch's promise, or an already resolved one when the data was fresh;
 * `undefined` while the first argument is `null` ("not yet").
 *
 * @example
 * function ArticlePage(props: { id: number }) {
 *   // the comments load beside the article instead of after it
 *   useFetch(CommentResource.getList, () => ({ articleId: props.id }));
 *   const article = useSuspense(ArticleResource.get, () => ({ id: props.id }));
 *   return <h1>{article().title}</h1>;
 * }
 */
export function useFetch<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): Accessor<FetchPromise<DataOf<EndpointOf<E>>> | undefined> {
  const client = clientFor('useFetch');
  const call = createCall(endpoint, args);
  const source = storeSource();
  // The promise travels in a box: a memo returning a promise would itself become async.
  const started = createMemo(() => {
    const c = call();
    if (c === null) {
      source.follow(null);
      return undefined;
    }
    const promise = trackFetch(client.controller.fetchIfStale(c.endpoint, ...c.args) as Promise<DataOf<EndpointOf<E>>>);
    // a `dle` view of the call keeps it fresh while the owner lives, as useDLE would
    source.follow(client.dle(c.endpoint, ...c.args));
    return { promise };
  });
  return () => started()?.promise;
}
