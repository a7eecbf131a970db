import { FocusManager, OnlineManager } from './RevalidateManager.js';
import type { Manager } from './Manager.js';
import { NetworkManager } from './NetworkManager.js';
import { SubscriptionManager } from './SubscriptionManager.js';

/**
 * The managers a client gets when `createDataClient` is given none: requests
 * (`NetworkManager`), polling (`SubscriptionManager`), refetch on window focus (`FocusManager`)
 * and on reconnect (`OnlineManager`). Each call returns new instances.
 *
 * @example
 * createDataClient({ managers: [new LogoutManager({ handleLogout }), ...getDefaultManagers()] });
 */
export function getDefaultManagers(): Manager[] {
  return [new NetworkManager(), new SubscriptionManager(), new FocusManager(), new OnlineManager()];
}
