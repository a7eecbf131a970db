import { computed } from '@preact/signals-core';
import type { Resource } from 'solid-js';
import { readCall } from './args.js';
import { useStoreSignals } from './context.js';
import { suspenseResource } from './suspenseResource.js';
import type { DataOf, EndpointLike, EndpointOf, MaybeEndpointAccessor, SolidArgs } from './types.js';

/**
 * `useSuspense` that also keeps the data fresh: while the owner lives it holds a polling
 * subscription at the endpoint's `pollFrequency` (shared with every other view of the same
 * arguments), and each new reply updates the resource in place without suspending again.
 * Disposing the owner stops the polling when no other view needs it.
 *
 * @example
 * function Price(props: { symbol: string }) {
 *   const ticker = useLive(getTicker, () => ({ symbol: props.symbol }));
 *   return <span>{ticker()?.price}</span>;
 * }
 */
export function useLive<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): Resource<DataOf<EndpointOf<E>>> {
  const store = useStoreSignals('useLive');
  return suspenseResource<readonly [EndpointLike, readonly unknown[]], DataOf<EndpointOf<E>>>(
    () => readCall(endpoint, args),
    ([e, a]) => {
      // One watched signal: watching it watches both the polling subscription and the data.
      const live = store.live(e, ...a);
      const data = store.suspense(e, ...a);
      return computed(() => {
        void live.value;
        return data.value;
      });
    },
  );
}
