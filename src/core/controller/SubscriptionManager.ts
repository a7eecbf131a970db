import type { AnyEndpoint as EndpointInstance } from './Controller.js';
import type { Controller } from './Controller.js';
import type { Manager } from './Manager.js';
import { PollingSubscription } from './PollingSubscription.js';

/**
 * Keeps one `PollingSubscription` per endpoint key while anything subscribes to it, reference
 * counted: the shortest `pollFrequency` among the subscribers wins, and polling stops when the
 * last subscriber leaves.
 *
 * @example
 * controller.subscribe(PriceResource.get, { symbol: 'BTC' });
 * controller.unsubscribe(PriceResource.get, { symbol: 'BTC' });
 */
export class SubscriptionManager implements Manager {
  #controller: Controller | undefined;
  #subscriptions = new Map<string, PollingSubscription>();
  #closed = false;

  init(controller: Controller): void {
    this.#controller = controller;
  }

  /** Stops every timer; later subscriptions are ignored (the client is gone). */
  cleanup(): void {
    this.#closed = true;
    for (const s of this.#subscriptions.values()) s.cleanup();
    this.#subscriptions.clear();
  }

  /** How many endpoint keys are polled. */
  get size(): number {
    return this.#subscriptions.size;
  }

  /** How many polling timers run (a subscription whose frequency is not finite has none). */
  get timers(): number {
    let n = 0;
    for (const s of this.#subscriptions.values()) if (s.active) n++;
    return n;
  }

  /** The polling subscription of `key`, if any (tests, devtools). */
  get(key: string): PollingSubscription | undefined {
    return this.#subscriptions.get(key);
  }

  subscribe(endpoint: EndpointInstance, args: readonly unknown[], frequency: number): void {
    if (this.#closed) return;
    const key = endpoint.key(...args);
    let s = this.#subscriptions.get(key);
    if (!s) {
      const controller = this.#controller;
      s = new PollingSubscription(endpoint, args, () => {
        controller?.fetch(endpoint, ...args).catch(() => {
          // the error is recorded in the store for getError; polling continues
        });
      });
      this.#subscriptions.set(key, s);
    }
    s.add(frequency);
  }

  unsubscribe(endpoint: EndpointInstance, args: readonly unknown[], frequency: number): void {
    const key = endpoint.key(...args);
    const s = this.#subscriptions.get(key);
    if (!s) return;
    if (s.remove(frequency)) {
      s.cleanup();
      this.#subscriptions.delete(key);
    }
  }
}
