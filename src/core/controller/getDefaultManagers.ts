import { managerKind, type Manager } from './Manager.js';
import type { ActionTypes } from './actions.js';
import type { State } from '../store/serialize.js';
import { NetworkManager, type NetworkManagerOptions } from './NetworkManager.js';
import { PollingSubscription } from './PollingSubscription.js';
import { SubscriptionManager } from './SubscriptionManager.js';
import { warn } from '../dev/warn.js';

/**
 * Options of `getDefaultManagers` (data-client 0.18's): an instance, its options, or `null`.
 *
 * @example
 * getDefaultManagers({ networkManager: { dataExpiryLength: 60 * 60 * 1000 }, subscriptionManager: null });
 */
export interface GetManagersOptions {
  /** `null` is refused (as in data-client): the default is used. */
  readonly networkManager?: NetworkManager | NetworkManagerOptions | null;
  /** `null` leaves it out of the list; the client still polls what `subscribe` asks for. */
  readonly subscriptionManager?: SubscriptionManager | typeof PollingSubscription | null;
  /** A `DevToolsManager` to put first; options alone are unused (the core does not load devtools). */
  readonly devToolsManager?: Manager | DevToolsConfig | null;
}

/**
 * data-client's `DevToolsConfig`, typed so its options compile; unused here.
 *
 * @example
 * const config: DevToolsConfig = { latency: 1000, predicate: (state, action) => action.type !== actionTypes.SET };
 */
export interface DevToolsConfig {
  readonly name?: string;
  readonly latency?: number;
  readonly maxAge?: number;
  readonly predicate?: (state: State, action: ActionTypes) => boolean;
  readonly [option: string]: unknown;
}

/**
 * New `NetworkManager` and `SubscriptionManager`, as data-client's; focus and offline are opt-in.
 *
 * @example
 * createDataClient({ managers: [...getDefaultManagers(), new FocusManager(), new OnlineManager()] });
 */
export function getDefaultManagers({ networkManager, subscriptionManager = PollingSubscription, devToolsManager }: GetManagersOptions = {}): Manager[] {
  if (process.env.NODE_ENV !== 'production' && networkManager === null) {
    warn('network-manager-required', 'getDefaultManagers: networkManager cannot be disabled; the default NetworkManager is used');
  }
  // instances are told by their brand, so one made by a second copy of the library is taken as it is
  const managers: Manager[] = [managerKind(networkManager) === 'network' ? (networkManager as NetworkManager) : new NetworkManager((networkManager as NetworkManagerOptions | null) ?? {})];
  if (subscriptionManager) {
    managers.push(managerKind(subscriptionManager) === 'subscriptions' ? (subscriptionManager as SubscriptionManager) : new SubscriptionManager(subscriptionManager as typeof PollingSubscription));
  }
  // a manager instance goes first; DevToolsManager's options alone have nothing here to build it
  if (devToolsManager && 'cleanup' in devToolsManager) managers.unshift(devToolsManager as Manager);
  else if (process.env.NODE_ENV !== 'production' && devToolsManager) {
    warn('devtools-options-unused', 'getDefaultManagers: devToolsManager options are not used here; pass new DevToolsManager(options) from rest-signals/devtools');
  }
  return managers;
}
