import type { ComputedRef } from 'vue';
import { valueRef } from './bridge.js';
import { endpointBridge } from './useSuspense.js';
import type { DataOf, EndpointLike, MaybeEndpointRef, VueArgs } from './types.js';

/**
 * The stored data of `endpoint(...args)`, never fetching: `undefined` until something else
 * (`useSuspense`, `useDLE`, `controller.fetch`, server state) puts it in the store. Follows the
 * store and ref / getter arguments; `null` first means "not yet".
 *
 * @example
 * const Badge = defineComponent({
 *   setup() {
 *     const me = useCache(CurrentUser);
 *     return () => h('span', me.value?.name ?? 'Guest');
 *   },
 * });
 */
export function useCache<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: VueArgs<Parameters<E>>
): ComputedRef<DataOf<E> | undefined> {
  const bridge = endpointBridge(endpoint, args, (store, [e, a]) => store.cache(e, ...a), 'useCache');
  return valueRef<DataOf<E>>(bridge, true);
}
