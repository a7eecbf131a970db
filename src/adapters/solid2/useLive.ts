import { computed } from '@preact/signals-core';
import type { SourceAccessor } from 'solid-js';
import { createCall } from './call.js';
import { clientFor } from './context.js';
import { suspenseAccessor } from './suspenseAccessor.js';
import type { DataOf, EndpointOf, MaybeEndpointAccessor, SolidArgs } from '../solid/types.js';

/**
 * `useSuspense` that also keeps the data fresh: while the owner lives it holds a polling
 * subscription at the endpoint's `pollFrequency` (shared with every other view of the same
 * arguments), and each reply updates the accessor in place, quietly (a poll asks the same question
 * again: `isPending` stays false). Disposing the owner stops the polling when no other view needs it.
 *
 * @example
 * function Price(props: { symbol: string }) {
 *   const ticker = useLive(getTicker, () => ({ symbol: props.symbol }));
 *   return <span>{ticker().price}</span>;
 * }
 */
export function useLive<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): SourceAccessor<DataOf<EndpointOf<E>>> {
  const client = clientFor('useLive');
  return suspenseAccessor<DataOf<EndpointOf<E>>>(
    createCall(endpoint, args),
    c => {
      // One watched signal: watching it watches both the polling subscription and the data.
      const live = client.live(c.endpoint, ...c.args);
      const data = client.suspense(c.endpoint, ...c.args);
      return computed(() => {
        void live.value;
        return data.value;
      });
    },
    c => client.controller.fetch(c.endpoint, ...c.args),
  );
}
