import type { Signal } from '@preact/signals-core';
import type { Store } from '../store/Store.js';
import type { StoreAction } from '../store/types.js';
import type { Controller } from './Controller.js';
import type { NetworkManager } from './NetworkManager.js';
import type { RequestGate } from './RequestGate.js';
import type { ResultOwners } from './ResultOwner.js';
import type { SubscriptionManager } from './SubscriptionManager.js';

/**
 * The one seam between a client's Controller and what the library ships beside it: the built-in
 * managers, `persist`, tab sync, the devtools' inspector, the GC policy and the client's views.
 * Not public API: a manager of an app uses the Controller's methods and `middleware`.
 *
 * `write` applies a store action without the middleware chain. Each use has a reason middleware
 * cannot see it as a data-client action: a restored or hydrated state (data-client has no such
 * action: its state starts as `initialState`), another tab's writes (already normalized; that
 * tab's middleware saw them as its SET_RESPONSE), and an optimistic layer (the store's side of the
 * FETCH middleware saw, as data-client's fetch reducer; its removal rides with the reply, or, for
 * an aborted request, which records nothing, goes alone).
 */
export interface ManagerContext {
  readonly controller: Controller;
  /** For reads; writes go through `controller` or `write`, so the Controller alone applies store actions. */
  readonly store: Store;
  /** Each result key's state: its cell, requests in flight, loading, watchers, polling. */
  readonly owners: ResultOwners;
  /** When requests may leave (online, restoring, paused mutations); none until `gateOf` makes it. */
  readonly gate: Signal<RequestGate | undefined>;
  /** The transport: attempts, retries and backoff of a request its owner runs. */
  readonly network: NetworkManager;
  readonly subscriptions: SubscriptionManager;
  write(action: StoreAction): void;
  /** Calls `fn` after every applied store action; returns the unsubscribe (see `Store.listen`). */
  listen(fn: (action: StoreAction) => void): () => void;
}

// A registered symbol, not a module-level map: a second copy of the library (its CommonJS build
// beside the ESM one) finds the context of a controller the other made.
const CONTEXT = Symbol.for('rest-signals.context');

/** Registers the context of a controller (its constructor calls this once): a hidden, fixed property. */
export function setContext(controller: Controller, context: ManagerContext): void {
  Object.defineProperty(controller, CONTEXT, { value: context });
}

/** The context of `controller`; throws for an object that is not a rest-signals Controller. */
export function contextOf(controller: Controller): ManagerContext {
  const c = (controller as { [CONTEXT]?: ManagerContext } | null | undefined)?.[CONTEXT];
  if (!c) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'rest-signals: expected a Controller created by createDataClient' : 'rest-signals: not-a-controller');
  return c;
}
