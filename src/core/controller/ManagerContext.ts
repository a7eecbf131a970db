import type { Signal } from '@preact/signals-core';
import type { Store } from '../store/Store.js';
import type { StoreAction } from '../store/types.js';
import type { Controller } from './Controller.js';
import type { NetworkManager } from './NetworkManager.js';
import type { RequestGate } from './RequestGate.js';
import type { ResultOwners } from './ResultOwner.js';
import type { SubscriptionManager } from './SubscriptionManager.js';

/**
 * The seam between a Controller and the library's built-ins (managers, persist, tab sync,
 * inspector, GC, views). Not public API. `write` skips middleware, only for what has no
 * data-client action: a restore or hydration, another tab's (normalized) writes, optimistic layers.
 */
export interface ManagerContext {
  readonly controller: Controller;
  /** For reads; writes go through `controller` or `write`, so the Controller alone applies store actions. */
  readonly store: Store;
  readonly owners: ResultOwners;
  /** None until `gateOf` makes it. */
  readonly gate: Signal<RequestGate | undefined>;
  /** Attempts, retries and backoff. */
  readonly network: NetworkManager;
  readonly subscriptions: SubscriptionManager;
  write(action: StoreAction): void;
  /** Calls `fn` after every applied store action; returns the unsubscribe (see `Store.listen`). */
  listen(fn: (action: StoreAction) => void): () => void;
}

// a registered symbol, not a module map: a second library copy (CJS beside ESM) finds it
const CONTEXT = Symbol.for('rest-signals.context');

/** Once, from its constructor: a hidden, fixed property. */

export function setContext(controller: Controller, context: ManagerContext): void {
  Object.defineProperty(controller, CONTEXT, { value: context });
}

/** The context of `controller`; throws for an object that is not a rest-signals Controller. */
export function contextOf(controller: Controller): ManagerContext {
  const c = (controller as { [CONTEXT]?: ManagerContext } | null | undefined)?.[CONTEXT];
  if (!c) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'rest-signals: expected a Controller created by createDataClient' : 'rest-signals: not-a-controller');
  return c;
}
