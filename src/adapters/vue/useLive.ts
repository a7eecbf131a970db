import { computed } from '@preact/signals-core';
import type { ComputedRef } from 'vue';
import { endpointBridge, suspenseRef } from './useSuspense.js';
import type { DataOf, EndpointLike, MaybeEndpointRef, VueArgs } from './types.js';

/**
 * `useSuspense` that also keeps the data fresh: while the component lives it holds a polling
 * subscription at the endpoint's `pollFrequency` (shared with every other view of the same
 * arguments), and each new reply updates the computed ref in place without suspending again.
 * Unmounting stops the polling when no other view needs it.
 *
 * @example
 * const Price = defineComponent({
 *   props: { symbol: { type: String, required: true } },
 *   async setup(props) {
 *     const ticker = await useLive(getTicker, () => ({ symbol: props.symbol }));
 *     return () => h('span', ticker.value?.price);
 *   },
 * });
 */
export function useLive<E extends EndpointLike>(endpoint: E, ...args: Parameters<E>): Promise<ComputedRef<DataOf<E>>>;
export function useLive<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: VueArgs<Parameters<E>>
): Promise<ComputedRef<DataOf<E> | undefined>>;
export function useLive<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: readonly unknown[]
): Promise<ComputedRef<DataOf<E> | undefined>> {
  const bridge = endpointBridge(
    endpoint,
    args,
    (store, [e, a]) => {
      // One watched signal: watching it watches both the polling subscription and the data.
      const live = store.live(e, ...a);
      const data = store.suspense(e, ...a);
      return computed(() => {
        void live.value;
        return data.value;
      });
    },
    'useLive',
  );
  return suspenseRef<DataOf<E> | undefined>(bridge);
}
