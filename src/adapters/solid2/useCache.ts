import type { Accessor } from 'solid-js';
import { registerFollowing } from './bridge.js';
import { createCall, type Call } from './call.js';
import { useStoreSignals } from './context.js';
import { storeAccessor } from './storeAccessor.js';
import type { DataOf, EndpointOf, MaybeEndpointAccessor, SolidArgs } from '../solid/types.js';

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
  const call = createCall(endpoint, args);
  const build = (c: Call) => store.cache(c.endpoint, ...c.args);
  const accessor = storeAccessor<Call, DataOf<EndpointOf<E>> | undefined>(call, build, undefined);
  registerFollowing(accessor, { call, build });
  return accessor;
}
