import { signal } from '@preact/signals-core';
import type { AnyEndpoint as EndpointInstance } from './Controller.js';

/** A request waiting at the gate: what it will send, and how to start or cancel it. */
interface Ticket {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
  start(): Promise<unknown>;
  cancel(reason: unknown): void;
}

/** A paused mutation as persistence sees it: the endpoint and the arguments it was called with. */
export interface PausedMutation {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
}

/** Why `signal` aborted: its reason, or an AbortError when it gave none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * Decides when a request may leave: the one place that knows whether the client is online and
 * whether a restore (`persist`) is running. One gate per client, in the controller's internals.
 *
 * Invariants:
 * - Online, not held and with nothing queued, `send` calls `go` synchronously: the request path
 *   of a client that is never offline is exactly what it was without a gate.
 * - Mutations that cannot leave wait in one queue, in issue order, and leave one at a time: the
 *   next is sent only after the previous one settled, so the server sees them in issue order.
 *   A mutation issued while the queue drains joins its end.
 * - A GET waits while offline only; all waiting GETs leave together when the client is online.
 * - An aborted waiter leaves the queue at once and rejects with its signal's reason; it holds no
 *   listener on the signal once it left (sent or aborted).
 */
export class RequestGate {
  readonly #online = signal(true);
  readonly #restoring = signal(0);
  readonly #queueVersion = signal(0);
  #queue: Ticket[] = [];
  #gets = new Set<Ticket>();
  #holds = 0;
  #draining = false;
  #insertAt = -1;
  #restored: Promise<void> = Promise.resolve();
  #endRestore: () => void = () => {};
  #cleanups = new Set<() => void>();

  /** Whether requests may leave now (a tracked read). */
  get online(): boolean {
    return this.#online.value;
  }

  /** Whether a restore is running (a tracked read). Views wait for it instead of fetching. */
  get restoring(): boolean {
    return this.#restoring.value > 0;
  }

  /** Settles when no restore runs any more (already settled when none runs). */
  get restored(): Promise<void> {
    return this.#restored;
  }

  /**
   * How many mutations wait to be sent (a tracked read: an `effect` over it re-runs whenever the
   * queue changes, also when one mutation leaves and another arrives, which is how persistence
   * follows the queue).
   */
  get paused(): number {
    void this.#queueVersion.value;
    return this.#queue.length;
  }

  /** The mutations waiting to be sent, in the order they will leave (a tracked read). */
  pausedMutations(): PausedMutation[] {
    void this.#queueVersion.value;
    return this.#queue.map(({ endpoint, args }) => ({ endpoint, args }));
  }

  /** Runs `fn` when the client is destroyed (persistence stops with its client). */
  onCleanup(fn: () => void): () => void {
    this.#cleanups.add(fn);
    return () => this.#cleanups.delete(fn);
  }

  setOnline(online: boolean): void {
    if (this.#online.peek() === online) return;
    this.#online.value = online;
    if (!online) return;
    const gets = [...this.#gets];
    this.#gets.clear();
    for (const ticket of gets) void ticket.start();
    void this.#drain();
  }

  /** Marks a restore as running until the returned function is called. */
  beginRestore(): () => void {
    if (this.#restoring.peek() === 0) {
      this.#restored = new Promise(resolve => (this.#endRestore = resolve));
    }
    this.#restoring.value++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#restoring.value--;
      if (this.#restoring.peek() === 0) this.#endRestore();
    };
  }

  /** Keeps every mutation waiting until the returned function is called (a restore of paused mutations). */
  hold(): () => void {
    this.#holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holds--;
      void this.#drain();
    };
  }

  /** Runs `fn`; mutations it issues join the FRONT of the queue, in order (restored paused mutations go first). */
  first(fn: () => void): void {
    this.#insertAt = 0;
    try {
      fn();
    } finally {
      this.#insertAt = -1;
    }
  }

  /**
   * Sends a request through the gate: `go()` now when it may leave, otherwise once it may.
   * `mutation` says whether it waits in the ordered queue (and counts as paused); a GET waits in
   * the set that leaves together when the client is online. Both wait as a `Ticket`, so aborting
   * works one way for both.
   */
  send<T>(mutation: boolean, endpoint: EndpointInstance, args: readonly unknown[], abort: AbortSignal, go: () => Promise<T>): Promise<T> {
    const online = this.#online.peek();
    if (mutation ? online && this.#holds === 0 && this.#queue.length === 0 && !this.#draining : online) return go();
    return new Promise<T>((resolve, reject) => {
      if (abort.aborted) return reject(abortReason(abort));
      const onAbort = (): void => ticket.cancel(abortReason(abort));
      const ticket: Ticket = {
        endpoint,
        args,
        start: () => {
          abort.removeEventListener('abort', onAbort);
          const p = go();
          p.then(resolve, reject);
          return p;
        },
        cancel: reason => {
          abort.removeEventListener('abort', onAbort);
          this.#gets.delete(ticket);
          this.#remove(ticket);
          reject(reason);
        },
      };
      abort.addEventListener('abort', onAbort, { once: true });
      if (!mutation) this.#gets.add(ticket);
      else {
        if (this.#insertAt >= 0) this.#queue.splice(this.#insertAt++, 0, ticket);
        else this.#queue.push(ticket);
        this.#notify();
      }
    });
  }

  /** Rejects every waiter and runs the cleanups (the client is destroyed). */
  cleanup(): void {
    const queue = this.#queue;
    this.#queue = [];
    for (const t of queue) t.cancel(new DOMException(`${t.endpoint.name}: the data client was destroyed`, 'AbortError'));
    this.#gets.clear();
    this.#notify();
    const cleanups = [...this.#cleanups];
    this.#cleanups.clear();
    for (const fn of cleanups) fn();
    this.#endRestore();
  }

  #remove(ticket: Ticket): void {
    const i = this.#queue.indexOf(ticket);
    if (i < 0) return;
    this.#queue.splice(i, 1);
    this.#notify();
  }

  #notify(): void {
    this.#queueVersion.value++;
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#queue.length > 0 && this.#online.peek() && this.#holds === 0) {
        const ticket = this.#queue.shift()!;
        this.#notify();
        await ticket.start().then(
          () => {},
          () => {},
        );
      }
    } finally {
      this.#draining = false;
    }
  }
}
