import type { State } from '../store/serialize.js';
import type { StoreAction } from '../store/types.js';
import type { ActionTypes, Middleware } from './actions.js';
import type { Controller } from './Controller.js';

/**
 * The brand the Controller finds its `NetworkManager` and `SubscriptionManager` by: a registered
 * symbol, not `instanceof`, so one made by a second copy of the library is found, not duplicated.
 */
export const MANAGER_KIND = Symbol.for('rest-signals.managerKind');

/** The brand of `value` (`'network'`, `'subscriptions'`), when it is a manager that has one. */
export function managerKind(value: unknown): string | undefined {
  return (value as { [MANAGER_KIND]?: string } | null | undefined)?.[MANAGER_KIND];
}

/**
 * The client a built-in manager serves: a built-in declares this slot (undefined until claimed), and a
 * manager of your own without it is never checked. Registered, so a second copy of the library
 * sees the claim.
 */
export const CLIENT = Symbol.for('rest-signals.client');

/**
 * Binds every built-in of `managers` to `controller`, or throws naming one that serves another
 * client, before any manager is started. A shared instance would mix the clients' requests (an SSR
 * data leak) and stop for all of them when the first is destroyed.
 */
export function claimManagers(managers: readonly Manager[], controller: Controller): void {
  for (const m of managers as { [CLIENT]?: Controller }[]) {
    if (!(CLIENT in m)) continue;
    if (m[CLIENT] && m[CLIENT] !== controller) {
      const name = m.constructor.name;
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `${name}: this instance already serves another client; a built-in manager serves one client. Create the managers per client (in server rendering, per request: a factory such as managers: () => [new ${name}(), ...])`
          : 'manager-shared',
      );
    }
    m[CLIENT] = controller;
  }
}

/** The first of `managers` branded `kind`, if any. */
export function findManager<M extends Manager>(managers: readonly Manager[], kind: string): M | undefined {
  return managers.find(m => managerKind(m) === kind) as M | undefined;
}

/**
 * A plug-in that lives as long as one client, `@data-client/core` 0.18's interface: `middleware`
 * (or the older `getMiddleware()`) is called once with the controller when the client is made and
 * sees every action (`actionTypes`) in the managers' order, each able to pass it on (`next`) or
 * consume it; `init(state)` runs once every manager is set up; `cleanup()` on `client.destroy()`.
 * `createDataClient({ managers })` replaces the default list, as in data-client.
 *
 * One addition of rest-signals: `onAction` is told of every change the store applied (the
 * normalized writes, a garbage collection, a restore), after it is applied.
 *
 * @example
 * class LoggingManager implements Manager {
 *   middleware: Middleware = controller => next => async action => {
 *     await next(action);
 *     if (action.type === actionTypes.SET_RESPONSE) console.log(action.endpoint.name, controller.getState());
 *   };
 *   cleanup() {}
 * }
 */
export interface Manager<Actions = ActionTypes> {
  middleware?: Middleware<Actions>;
  /** data-client's older form of `middleware`. */
  getMiddleware?(): Middleware<Actions>;
  cleanup?(): void;
  init?(state: State): void;
  onAction?(action: StoreAction, controller: Controller): void;
}
