import type { State } from '../store/serialize.js';
import type { StoreAction } from '../store/types.js';
import type { ActionTypes, Middleware } from './actions.js';
import type { Controller } from './Controller.js';

/** A registered symbol, not `instanceof`, so a second copy of the library's managers are found. */
export const MANAGER_KIND = Symbol.for('rest-signals.managerKind');

/** The brand of `value` (`'network'`, `'subscriptions'`), when it is a manager that has one. */
export function managerKind(value: unknown): string | undefined {
  return (value as { [MANAGER_KIND]?: string } | null | undefined)?.[MANAGER_KIND];
}

/** The client a built-in manager serves (registered, so a second library copy sees the claim). */
export const CLIENT = Symbol.for('rest-signals.client');

/** Throws, before any starts, for a built-in serving another client: sharing would leak SSR data. */
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
 * A plug-in living as long as one client, `@data-client/core` 0.18's interface (`middleware`,
 * `init`, `cleanup`). Added: `onAction` hears every change the store applied, after it is applied.
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
