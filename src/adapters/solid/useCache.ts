import type { Accessor } from 'solid-js';
import { readCall } from './args.js';
import { useStoreSignals } from './context.js';
import { storeAccessor } from './storeAccessor.js';
import type { DataOf, EndpointLike, EndpointOf, MaybeEndpointAccessor, SolidArgs } from './types.js';

/**
 * The data of `endpoint(...args)` already in the store, or `undefined`; it never fetches. The
 * accessor follows the store (another view's fetch or mutation shows up here) and its arguments.
 *
 * @example
 * function ArticleTitle(props: { id: number }) {
 *   const article = useCache(ArticleResource.get, () => ({ id: props.id }));
 *   return <Show when={article()} fallback="(not loaded)">{a => a().title}</Show>;
 * }
 */
export function useCache<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): Accessor<DataOf<EndpointOf<E>> | undefined> {
  const store = useStoreSignals('useCache');
  return storeAccessor<readonly [EndpointLike, readonly unknown[]], DataOf<EndpointOf<E>> | undefined>(
    () => readCall(endpoint, args),
    ([e, a]) => store.cache(e, ...a),
    undefined,
  );
}
