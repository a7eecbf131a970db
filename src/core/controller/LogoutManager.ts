import type { StoreAction } from '../store/types.js';
import type { Controller } from './Controller.js';
import { CLIENT, type Manager } from './Manager.js';

/**
 * Options of `LogoutManager`.
 *
 * @example
 * new LogoutManager({ handleLogout: () => location.assign('/login'), shouldLogout: e => e.status === 419 });
 */
export interface LogoutManagerOptions {
  /** Called after the store was reset because a request was refused as unauthorized. */
  readonly handleLogout?: (controller: Controller) => void;
  /**
   * Whether a recorded error means the session ended.
   * @default error => error.status === 401
   */
  readonly shouldLogout?: (error: Error) => boolean;
}

/**
 * Ends the session when a request is refused as unauthorized (HTTP 401 by default): it resets
 * the whole store (aborting what is in flight) and then calls `handleLogout`.
 *
 * @example
 * createDataClient({
 *   managers: [new LogoutManager({ handleLogout: () => router.push('/login') }), ...getDefaultManagers()],
 * });
 */
export class LogoutManager implements Manager {
  [CLIENT]: Controller | undefined;
  readonly #handleLogout: ((controller: Controller) => void) | undefined;
  readonly #shouldLogout: (error: Error) => boolean;

  constructor({ handleLogout, shouldLogout }: LogoutManagerOptions = {}) {
    if (handleLogout !== undefined && typeof handleLogout !== 'function') {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `LogoutManager: option handleLogout must be a function, got ${typeof handleLogout}`
          : 'LogoutManager: bad-option handleLogout',
      );
    }
    this.#handleLogout = handleLogout;
    this.#shouldLogout = shouldLogout ?? (error => (error as { status?: unknown }).status === 401);
  }

  onAction(action: StoreAction, controller: Controller): void {
    if (action.type !== 'setError' || !this.#shouldLogout(action.error)) return;
    controller.resetEntireStore();
    this.#handleLogout?.(controller);
  }
}
