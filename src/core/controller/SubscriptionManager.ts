import type { AnyEndpoint as EndpointInstance, Controller } from './Controller.js';
import { CLIENT, MANAGER_KIND, type Manager } from './Manager.js';
import { contextOf } from './ManagerContext.js';
import { PollingSubscription } from './PollingSubscription.js';
import type { ResultOwner, ResultOwners } from './ResultOwner.js';

/**
 * Keeps one `PollingSubscription` per endpoint key (held by the key's `ResultOwner`) while anything
 * subscribes to it: the shortest `pollFrequency` among the subscribers wins; the last to leave stops it.
 * Each poll runs with the oldest view still watching the key (one that left may have aborted its
 * signal), else with the first subscriber's endpoint.
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
  #closed = false;

  constructor(Subscription: typeof PollingSubscription = PollingSubscription) {
    this.#Subscription = Subscription;
  }

  /** Stops every timer; later subscriptions are ignored (the client is gone). */
  cleanup(): void {
    this.#closed = true;
    for (const owner of this.#polled()) this.#stop(owner);
  }

  #owners(): ResultOwners | undefined {
    return this[CLIENT] && contextOf(this[CLIENT]).owners;
  }

  /** The owners of the keys polled now. */
  #polled(): ResultOwner[] {
    const owners = this.#owners();
    return owners ? [...owners.values()].filter(o => o.polling) : [];
  }

  #stop(owner: ResultOwner): void {
    owner.polling?.cleanup();
    owner.polling = undefined;
    this.#owners()!.releaseIfIdle(owner);
  }

  /** How many endpoint keys are polled. */
  get size(): number {
    return this.#polled().length;
  }

  subscribe(endpoint: EndpointInstance, args: readonly unknown[], frequency: number): void {
    const owners = this.#owners();
    if (this.#closed || !owners) return;
    const owner = owners.ensure(endpoint.key(...args));
    if (!owner.polling) {
      const controller = this[CLIENT]!;
      owner.polling = new this.#Subscription(endpoint, args, () => {
        const current = owner.watched ?? { endpoint, args };
        controller.fetch(current.endpoint, ...current.args).catch(() => {
          // the error is recorded in the store for getError; polling continues
        });
      });
    }
    owner.polling.add(frequency);
  }

  unsubscribe(endpoint: EndpointInstance, args: readonly unknown[], frequency: number): void {
    const owner = this.#owners()?.get(endpoint.key(...args));
    if (owner?.polling?.remove(frequency)) this.#stop(owner);
  }
}
