import type { AnyEndpoint as EndpointInstance, Controller } from './Controller.js';
import { CLIENT, MANAGER_KIND, type Manager } from './Manager.js';
import { SUBSCRIBE, UNSUBSCRIBE } from './actionTypes.js';
import type { Middleware } from './actions.js';
import { PollingSubscription } from './PollingSubscription.js';
import { internalsOf } from './internal.js';
import type { ResultOwner, ResultOwners } from './ResultOwner.js';

/**
 * Keeps one `PollingSubscription` per endpoint key (held by the key's `ResultOwner`) while anything
 * subscribes to it: the shortest `pollFrequency` among the subscribers wins; the last to leave stops it.
 *
 * @example
 * new SubscriptionManager(PollingSubscription); // as data-client's DataProvider docs write it
 * controller.subscribe(PriceResource.get, { symbol: 'BTC' });
 * controller.unsubscribe(PriceResource.get, { symbol: 'BTC' });
 */
export class SubscriptionManager implements Manager {
  readonly [MANAGER_KIND] = 'subscriptions';
  [CLIENT]: Controller | undefined;
  /** What polls one key (data-client's constructor argument; this library's `PollingSubscription` by default). */
  readonly #Subscription: typeof PollingSubscription;
  /** The client's result owners: a key's polling is its owner's `polling`. */
  #owners: ResultOwners | undefined;
  #closed = false;

  constructor(Subscription: typeof PollingSubscription = PollingSubscription) {
    this.#Subscription = Subscription;
  }

  /** Takes `SUBSCRIBE` / `UNSUBSCRIBE` (as data-client's does); every other action passes on. */
  middleware: Middleware = controller => {
    this.#owners = internalsOf(controller).store.owners;
    return next => action => {
      if (action.type === SUBSCRIBE || action.type === UNSUBSCRIBE) {
        const frequency = action.endpoint.pollFrequency;
        if (typeof frequency === 'number') {
          if (action.type === SUBSCRIBE) this.subscribe(action.endpoint, action.args, frequency);
          else this.unsubscribe(action.endpoint, action.args, frequency);
        }
        return Promise.resolve();
      }
      return next(action);
    };
  };

  /** Stops every timer; later subscriptions are ignored (the client is gone). */
  cleanup(): void {
    this.#closed = true;
    for (const owner of this.#polled()) this.#stop(owner);
  }

  /** The owners of the keys polled now. */
  #polled(): ResultOwner[] {
    return this.#owners ? [...this.#owners.values()].filter(o => o.polling) : [];
  }

  #stop(owner: ResultOwner): void {
    owner.polling?.cleanup();
    owner.polling = undefined;
    this.#owners!.releaseIfIdle(owner);
  }

  /** How many endpoint keys are polled. */
  get size(): number {
    return this.#polled().length;
  }

  /** How many polling timers run (a subscription whose frequency is not finite has none). */
  get timers(): number {
    return this.#polled().filter(o => o.polling!.active).length;
  }

  subscribe(endpoint: EndpointInstance, args: readonly unknown[], frequency: number): void {
    if (this.#closed || !this.#owners) return;
    const owner = this.#owners.ensure(endpoint.key(...args));
    if (!owner.polling) {
      const controller = this[CLIENT];
      owner.polling = new this.#Subscription(endpoint, args, () => {
        controller?.fetch(endpoint, ...args).catch(() => {
          // the error is recorded in the store for getError; polling continues
        });
      });
    }
    owner.polling.add(frequency);
  }

  unsubscribe(endpoint: EndpointInstance, args: readonly unknown[], frequency: number): void {
    const owner = this.#owners?.get(endpoint.key(...args));
    if (owner?.polling?.remove(frequency)) this.#stop(owner);
  }
}
