import type { ComputedRef } from 'vue';
import { derived } from './bridge.js';
import type { StoreBridge } from './bridge.js';
import { endpointBridge } from './useSuspense.js';
import type { DataOf, EndpointLike, MaybeEndpointRef, VueArgs } from './types.js';

/**
 * A readonly computed ref over a non-suspending outcome: the value, `undefined` while "not yet"
 * or pending, and the error thrown on read so it reaches `onErrorCaptured`.
 */
export function valueRef<T>(bridge: StoreBridge): ComputedRef<T | undefined> {
  return derived(bridge, () => {
    const now = bridge.outcome.value;
    if (now === null || now.status === 'pending') return undefined;
    if (now.status === 'error') throw now.error;
    return now.value as T;
  });
}

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
  return valueRef<DataOf<E>>(bridge);
}
