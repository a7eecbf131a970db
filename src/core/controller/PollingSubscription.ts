import type { AnyEndpoint as EndpointInstance } from './Controller.js';

/**
 * Refetches one endpoint key at the shortest frequency any of its subscribers asked for. Each
 * subscriber adds its `pollFrequency` to a histogram; when the shortest frequency leaves, the
 * timer restarts at the next shortest; when the histogram empties, the timer stops.
 *
 * @example
 * const poll = new PollingSubscription(UserResource.get, [{ id: 1 }], () => controller.fetch(UserResource.get, { id: 1 }));
 * poll.add(5000);
 */
export class PollingSubscription {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
  readonly #run: () => void;
  #histogram = new Map<number, number>();
  #frequency = Infinity;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(endpoint: EndpointInstance, args: readonly unknown[], run: () => void) {
    this.endpoint = endpoint;
    this.args = args;
    this.#run = run;
  }

  /** The frequency the timer runs at (ms), or Infinity when stopped. */
  get frequency(): number {
    return this.#frequency;
  }

  /** Whether the timer runs. */
  get active(): boolean {
    return this.#timer !== undefined;
  }

  /** Adds a subscriber polling every `frequency` ms. */
  add(frequency: number): void {
    this.#histogram.set(frequency, (this.#histogram.get(frequency) ?? 0) + 1);
    this.#restart();
  }

  /** Removes one subscriber of `frequency`. Returns true when none is left (the timer stopped). */
  remove(frequency: number): boolean {
    const n = this.#histogram.get(frequency);
    if (n === undefined) return this.#histogram.size === 0;
    if (n <= 1) this.#histogram.delete(frequency);
    else this.#histogram.set(frequency, n - 1);
    this.#restart();
    return this.#histogram.size === 0;
  }

  // invariant: the timer runs exactly when #frequency is finite
  #restart(): void {
    const min = this.#histogram.size ? Math.min(...this.#histogram.keys()) : Infinity;
    if (min === this.#frequency) return;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#frequency = min;
    if (min !== Infinity) this.#timer = setInterval(() => this.#run(), min);
  }

  /** Stops the timer and forgets every subscriber. */
  cleanup(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#frequency = Infinity;
    this.#histogram.clear();
  }
}
