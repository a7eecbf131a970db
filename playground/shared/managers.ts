import { FocusManager, getDefaultManagers, LogoutManager, OnlineManager, type Controller } from '../../src/core/index.js';
import { tokenStore } from './tokenStore.js';

/**
 * The managers every playground page gives its client: a `LogoutManager` that, on any 401, clears
 * {@link tokenStore} (the library has already reset the store) and then calls `onLogout` (e.g. to
 * show the login form), the default managers (network, polling), and the opt-in refetch on focus
 * and reconnect with the offline gate.
 * @example const client = createDataClient({ managers: playgroundManagers(() => showLogin()) });
 */
export function playgroundManagers(onLogout?: (controller: Controller) => void): ReturnType<typeof getDefaultManagers> {
  return [
    new LogoutManager({
      handleLogout(controller) {
        tokenStore.clear();
        onLogout?.(controller);
      },
    }),
    ...getDefaultManagers(),
    new FocusManager(),
    new OnlineManager(),
  ];
}
