import { signal } from '@preact/signals-core';
import type { AnyEndpoint as EndpointInstance, Controller } from './Controller.js';
import { contextOf } from './ManagerContext.js';
import { isConnectionError } from '../rest/ConnectionError.js';
import { abortReason } from './NetworkManager.js';

/** A request waiting at the gate: what it will send, and how to start, settle or cancel it. */
interface Ticket {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
  /** Sends it (`go`); the outcome is the caller's once `settle` is called with it. */
  run(): Promise<unknown>;
  settle(outcome: Promise<unknown>): void;
  /** Waits again (after a send that got no reply): listens to its abort signal again. */
  wait(): boolean;
  cancel(reason: unknown): void;
}

/** Whether a request failed without any HTTP reply (refused, dropped, DNS): the network, not the server. */
function unreachable(error: unknown): boolean {
  return isConnectionError(error) || (error instanceof TypeError && error.cause !== undefined);
}

/**
 * Ms before probe number `attempt` (0-based) once a paused mutation found no network: 1 s doubling
 * to 30 s, with jitter. `OnlineManager({ probeDelay })` replaces it.
 */
export function defaultProbeDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000) * (0.5 + Math.random() / 2);
}

/** A paused mutation as persistence sees it: the endpoint and the arguments it was called with. */
export interface PausedMutation {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
}

/**
 * The gate of `controller`, made on first use: only `OnlineManager` and `persist` bring it, so a
 * client without them sends every request at once and does not load this module.
 */
export function gateOf(controller: Controller): RequestGate {
  const slot = contextOf(controller).gate;
  return slot.peek() ?? (slot.value = new RequestGate());
}

/**
 * Decides when a request may leave: the one place that knows whether the client is online and
 * whether a restore (`persist`) is running. At most one gate per client (`gateOf`).
 *
 * Invariants:
 * - Online, not held and with nothing queued, `send` calls `go` synchronously: the request path
 *   of a client that is never offline is exactly what it was without a gate.
 * - Mutations that cannot leave wait in one queue, in issue order, and leave one at a time: the
 *   next is sent only after the previous one settled, so the server sees them in issue order.
 *   A mutation issued while the queue drains joins its end.
 * - A queued mutation is never failed by a send that got no HTTP reply (lie-fi: `navigator.onLine`
 *   true, no network): it goes back to the head of the queue, its caller still waiting, and the
 *   gate is offline until a probe (the head sent again, after `probeDelay`) gets any reply, or
 *   `setOnline(true)`. A mutation sent at once (never queued) fails as any request does.
 * - A GET waits while offline only; all waiting GETs leave together when the client is online.
 * - An aborted waiter leaves the queue at once and rejects with its signal's reason; it holds no
 *   listener on the signal once it left (sent or aborted).
 */
export class RequestGate {
  /** What the OnlineManager says. */
  readonly #online = signal(true);
  /** Whether a queued mutation found no network (lie-fi) and no reply came since. */
  readonly #lost = signal(false);
  readonly #restoring = signal(0);
  readonly #queueVersion = signal(0);
  readonly #settledVersion = signal(0);
  #queue: Ticket[] = [];
  #gets = new Set<Ticket>();
  #holds = 0;
  #draining = false;
  #insertAt = -1;
  #restored: Promise<void> = Promise.resolve();
  #endRestore: () => void = () => {};
  #cleanups = new Set<() => void>();
  /** The queued mutation being sent, until it settles or waits again. */
  #sending: Ticket | undefined;
  #probes = 0;
  #probeTimer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  /** Ms before probe number `attempt`; set by `OnlineManager({ probeDelay })`. */
  probeDelay: (attempt: number) => number = defaultProbeDelay;
  /** An `OnlineManager` says when the client is online (else `persist` follows the browser). */
  driven = false;

  /** Whether requests may leave now (a tracked read): online, and no paused mutation found the network gone. */
  get online(): boolean {
    return this.#online.value && !this.#lost.value;
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

  /**
   * What persistence keeps: the paused mutations and the one being sent from the queue until it
   * settles. At least once: a page closed while a lie-fi send hangs must not lose it, so one
   * closed after the server got it sends it again after the reload.
   */
  unsettledMutations(): PausedMutation[] {
    void this.#settledVersion.value;
    const paused = this.pausedMutations();
    const { endpoint, args } = this.#sending ?? {};
    return endpoint ? [{ endpoint, args: args! }, ...paused] : paused;
  }

  /** Runs `fn` when the client is destroyed (persistence stops with its client). */
  onCleanup(fn: () => void): () => void {
    this.#cleanups.add(fn);
    return () => this.#cleanups.delete(fn);
  }

  /** `true` also ends a lie-fi wait at once (an `online` event is the hint to try now). */
  setOnline(online: boolean): void {
    const lost = online && this.#lost.peek();
    if (this.#online.peek() === online && !lost) return;
    this.#online.value = online;
    this.#found();
    if (online) this.#release();
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
    const online = this.#online.peek() && !this.#lost.peek();
    if (mutation ? online && this.#holds === 0 && this.#queue.length === 0 && !this.#draining : online) return go();
    return new Promise<T>((resolve, reject) => {
      if (abort.aborted) return reject(abortReason(abort));
      const onAbort = (): void => ticket.cancel(abortReason(abort));
      const ticket: Ticket = {
        endpoint,
        args,
        run: () => {
          abort.removeEventListener('abort', onAbort);
          return go();
        },
        settle: outcome => void (outcome as Promise<T>).then(resolve, reject),
        wait: () => {
          if (abort.aborted) return false;
          abort.addEventListener('abort', onAbort, { once: true });
          return true;
        },
        cancel: reason => {
          abort.removeEventListener('abort', onAbort);
          this.#gets.delete(ticket);
          this.#remove(ticket);
          reject(reason);
        },
      };
      ticket.wait();
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
    this.#closed = true;
    clearTimeout(this.#probeTimer);
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

  /** Lets every waiting GET go and drains the queue (when online). */
  #release(): void {
    if (!this.online) return;
    const gets = [...this.#gets];
    this.#gets.clear();
    for (const ticket of gets) ticket.settle(ticket.run());
    void this.#drain();
  }

  /** A reply came (or the OnlineManager spoke): no lie-fi wait any more. */
  #found(): void {
    clearTimeout(this.#probeTimer);
    this.#probeTimer = undefined;
    this.#probes = 0;
    this.#lost.value = false;
  }

  /** The head of the queue found no network: offline until a probe gets a reply. */
  #lose(): void {
    this.#lost.value = true;
    clearTimeout(this.#probeTimer);
    const delay = this.probeDelay(this.#probes++);
    this.#probeTimer = setTimeout(() => {
      this.#probeTimer = undefined;
      void this.#drain(true);
    }, Number.isFinite(delay) && delay >= 0 ? delay : defaultProbeDelay(this.#probes - 1));
  }

  /** Sends the queue one at a time; `probe`: the head goes even though the network was found gone. */
  async #drain(probe = false): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#queue.length > 0 && this.#online.peek() && this.#holds === 0 && (probe || !this.#lost.peek())) {
        const ticket = (this.#sending = this.#queue.shift()!);
        this.#notify();
        const sent = ticket.run();
        const outcome = await sent.then(
          () => 'reply',
          (e: unknown) => (unreachable(e) ? 'none' : (e as { name?: unknown } | null)?.name === 'AbortError' ? 'aborted' : 'reply'),
        );
        this.#sending = undefined;
        if (outcome === 'none' && !this.#closed && ticket.wait()) {
          this.#queue.unshift(ticket);
          this.#notify();
          return this.#lose();
        }
        ticket.settle(sent);
        this.#settledVersion.value++;
        // an aborted probe proves nothing: the next head probes
        if (probe && outcome === 'reply') {
          probe = false;
          this.#found();
          this.#release();
        }
      }
      // a probe that sent nothing: with nothing left to send (the head was aborted) back online,
      // else (held by a restore) probe again later
      if (probe && this.#online.peek()) {
        if (this.#queue.length > 0) return this.#lose();
        this.#found();
        this.#release();
      }
    } finally {
      this.#draining = false;
    }
  }
}
