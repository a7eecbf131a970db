import type { Accessor } from 'solid-js';
import { readCall } from './args.js';
import { useStoreSignals } from './context.js';
import { storeAccessor } from './storeAccessor.js';
import type { DataOf, EndpointLike, MaybeEndpointAccessor, SolidArgs } from './types.js';

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
export function useCache<E extends EndpointLike>(
  endpoint: MaybeEndpointAccessor<E>,
  ...args: SolidArgs<Parameters<E>>
): Accessor<DataOf<E> | undefined> {
  const store = useStoreSignals('useCache');
  return storeAccessor<readonly [E, readonly unknown[]], DataOf<E> | undefined>(
    () => readCall<E>(endpoint, args),
    ([e, a]) => store.cache(e, ...a),
    undefined,
  );
}
