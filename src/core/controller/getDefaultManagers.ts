import { managerKind, type Manager } from './Manager.js';
import type { ActionTypes } from './actions.js';
import type { State } from '../store/serialize.js';
import { NetworkManager, type NetworkManagerOptions } from './NetworkManager.js';
import { PollingSubscription } from './PollingSubscription.js';
import { SubscriptionManager } from './SubscriptionManager.js';
import { warn } from '../dev/warn.js';

/**
 * Options of `getDefaultManagers`, data-client 0.18's: each default manager as an instance, as its
 * constructor's options, or `null` to leave it out.
 *
 * @example
 * getDefaultManagers({ networkManager: { dataExpiryLength: 60 * 60 * 1000 }, subscriptionManager: null });
 */
export interface GetManagersOptions {
  /** The requests' manager, or its options. `null` is refused (as in data-client): the default is used. */
  readonly networkManager?: NetworkManager | NetworkManagerOptions | null;
  /**
   * The polling manager, or the class that polls one key. `null` leaves it out of the list; the
   * client still polls what `subscribe` asks for (every client has one, see `createDataClient`).
   */
  readonly subscriptionManager?: SubscriptionManager | typeof PollingSubscription | null;
  /**
   * A `DevToolsManager` (from `rest-signals/devtools`) to put first. Its options alone cannot be
   * used here: the core does not load the devtools (a development warning says so).
   */
  readonly devToolsManager?: Manager | DevToolsConfig | null;
}

/**
 * data-client's `DevToolsConfig`, typed so its documented options compile (`predicate(state,
 * action)` is typed in context); here they are unused (see `devToolsManager`).
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
 * The managers a client gets when `createDataClient` is given none: requests (`NetworkManager`)
 * and polling (`SubscriptionManager`), as data-client's. Refetch on focus and the offline gate
 * are opt-in, so an app without them does not load them. Each call returns new instances.
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
