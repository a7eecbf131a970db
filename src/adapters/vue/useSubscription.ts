import { isServerSetup } from './context.js';
import { endpointBridge } from './useSuspense.js';
import type { EndpointLike, MaybeEndpointRef, VueArgs } from './types.js';

/**
 * Keeps `endpoint(...args)` fresh while the component lives: a polling subscription at the
 * endpoint's `pollFrequency`, shared with every other view of the same arguments, without
 * reading the data here (read it with `useSuspense`, `useCache` or `useDLE`). Follows ref /
 * getter arguments; `null` first means "not yet". Unmounting ends the subscription; a server
 * render subscribes to nothing.
 *
 * @example
 * const Ticker = defineComponent({
 *   props: { symbol: { type: String, required: true } },
 *   setup(props) {
 *     useSubscription(getTicker, () => ({ symbol: props.symbol }));
 *     const ticker = useCache(getTicker, () => ({ symbol: props.symbol }));
 *     return () => h('span', ticker.value?.price);
 *   },
 * });
 */
export function useSubscription<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: VueArgs<Parameters<E>>
): void {
  // A server render never unmounts, and nothing polls there: subscribing would only leak.
  if (isServerSetup()) return;
  endpointBridge(endpoint, args, (store, [e, a]) => store.live(e, ...a), 'useSubscription');
}
