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
