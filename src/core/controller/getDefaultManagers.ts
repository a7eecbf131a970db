import { FocusManager, OnlineManager } from './RevalidateManager.js';
import { MANAGER_KIND, type Manager } from './Manager.js';
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
  readonly devToolsManager?: Manager | object | null;
}

/**
 * The managers a client gets when `createDataClient` is given none: requests
 * (`NetworkManager`), polling (`SubscriptionManager`), refetch on window focus (`FocusManager`)
 * and on reconnect (`OnlineManager`). Each call returns new instances.
 *
 * @example
 * createDataClient({ managers: [new LogoutManager({ handleLogout }), ...getDefaultManagers()] });
 */
export function getDefaultManagers(options: GetManagersOptions = {}): Manager[] {
  const { networkManager, subscriptionManager = PollingSubscription, devToolsManager } = options;
  if (networkManager === null && process.env.NODE_ENV !== 'production') {
    warn('network-manager-required', 'getDefaultManagers: networkManager cannot be disabled; the default NetworkManager is used');
  }
  const managers: Manager[] = [isKind<NetworkManager>(networkManager, 'network') ? networkManager : new NetworkManager(networkManager ?? {})];
  if (subscriptionManager !== null) {
    managers.push(isKind<SubscriptionManager>(subscriptionManager, 'subscriptions') ? subscriptionManager : new SubscriptionManager(subscriptionManager));
  }
  managers.push(new FocusManager(), new OnlineManager());
  if (devToolsManager != null) {
    if (isManager(devToolsManager)) managers.unshift(devToolsManager);
    else if (process.env.NODE_ENV !== 'production') {
      warn('devtools-options-unused', 'getDefaultManagers: devToolsManager options are not used here; pass new DevToolsManager(options) from rest-signals/devtools');
    }
  }
  return managers;
}

/** Whether `value` is a manager of `kind`, by its brand (one made by a second copy of the library counts). */
function isKind<M>(value: unknown, kind: string): value is M {
  return typeof value === 'object' && value !== null && (value as { [MANAGER_KIND]?: string })[MANAGER_KIND] === kind;
}

function isManager(value: object): value is Manager {
  const m = value as Partial<Manager>;
  return typeof m.cleanup === 'function' && (typeof m.middleware === 'function' || typeof m.getMiddleware === 'function');
}
