import type { AnyEndpoint as EndpointInstance } from './Controller.js';
import type { Store } from '../store/Store.js';
import type { Controller } from './Controller.js';
import type { NetworkManager } from './NetworkManager.js';
import type { RequestGate } from './RequestGate.js';
import type { SubscriptionManager } from './SubscriptionManager.js';

/** A watched view's endpoint and arguments: what focus / reconnect refetch when stale. */
export interface ActiveRequest {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
  count: number;
}

/** What the managers and the client reach inside a controller; not part of the public API. */
export interface ControllerInternals {
  readonly store: Store;
  readonly network: NetworkManager;
  readonly subscriptions: SubscriptionManager;
  readonly active: Map<string, ActiveRequest>;
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
