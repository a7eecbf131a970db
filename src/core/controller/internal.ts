import type { Store } from '../store/Store.js';
import type { StoreAction } from '../store/types.js';
import type { Controller } from './Controller.js';
import type { NetworkManager } from './NetworkManager.js';
import type { RequestGate } from './RequestGate.js';
import type { SubscriptionManager } from './SubscriptionManager.js';

/**
 * The one seam between a Controller and the parts the library ships beside it (the client's
 * views, `NetworkManager`, `SubscriptionManager`, the focus/online managers, `persist`, tab sync,
 * `inspectStore`, the GC policy); not part of the public API. A manager of your own uses the
 * Controller's public methods and `middleware` instead.
 */
export interface ControllerInternals {
  /**
   * For reads (`store.owners` holds each result key's state). Writes go through the controller (`Controller.dispatch` for data-client's actions,
   * `write` below for the rest), so the Controller is the one module that applies store actions
   * (`test/architecture/storeWrites.test.ts` holds it).
   */
  readonly store: Store;
  /**
   * Applies a store action that has no data-client shape: normalized writes received from
   * another tab, a restored state (`hydrate`), an optimistic layer added or removed.
   */
  readonly write: (action: StoreAction) => void;
  readonly network: NetworkManager;
  readonly subscriptions: SubscriptionManager;
  /** When requests may leave: online, restoring, paused mutations. */
  readonly gate: RequestGate;
}

// A registered symbol, not a module-level map: a second copy of the library (its CommonJS build
// beside the ESM one, a helper bundled twice) finds the internals of a controller the other made.
const INTERNALS = Symbol.for('rest-signals.internals');

/** Registers the internals of a controller (its constructor calls this once): a hidden, fixed property. */
export function setInternals(controller: Controller, internals: ControllerInternals): void {
  Object.defineProperty(controller, INTERNALS, { value: internals });
}

/** The internals of `controller`; throws for an object that is not a rest-signals Controller. */
export function internalsOf(controller: Controller): ControllerInternals {
  const i = (controller as { [INTERNALS]?: ControllerInternals } | null | undefined)?.[INTERNALS];
  if (!i) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'rest-signals: expected a Controller created by createDataClient' : 'rest-signals: not-a-controller');
  return i;
}
