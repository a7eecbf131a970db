import { createMemo } from 'solid-js';
import { createCall } from './call.js';
import { storeSource } from './bridge.js';
import { useStoreSignals } from './context.js';
import type { EndpointOf, MaybeEndpointAccessor, SolidArgs } from '../solid/types.js';

/**
 * Keeps `endpoint(...args)` fresh while the owner lives: a polling subscription at the
 * endpoint's `pollFrequency`, shared with every other view of the same arguments, without
 * reading the data here (read it with `useSuspense`, `useCache` or `useDLE`). Follows accessor
 * arguments; `null` first means "not yet". Disposing the owner ends the subscription.
 *
 * @example
 * function Ticker(props: { symbol: string }) {
 *   useSubscription(getTicker, () => ({ symbol: props.symbol }));
 *   const ticker = useSuspense(getTicker, () => ({ symbol: props.symbol }));
 *   return <span>{ticker().price}</span>;
 * }
 */
export function useSubscription<E extends MaybeEndpointAccessor>(endpoint: E, ...args: SolidArgs<Parameters<EndpointOf<E>>>): void {
  const store = useStoreSignals('useSubscription');
  const call = createCall(endpoint, args);
  const source = storeSource();
  // eager: a memo runs at once and on every change of the call, read or not
  createMemo(() => {
    const c = call();
    source.follow(c === null ? null : store.live(c.endpoint, ...c.args));
  });
}
