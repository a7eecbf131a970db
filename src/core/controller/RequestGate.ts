import { signal } from '@preact/signals-core';
import type { AnyEndpoint as EndpointInstance, Controller } from './Controller.js';
import { contextOf } from './ManagerContext.js';
import { isConnectionError } from '../rest/ConnectionError.js';
import { abortReason } from './NetworkManager.js';

/** A request waiting at the gate. */
interface Ticket {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
  run(): Promise<unknown>;
  settle(outcome: Promise<unknown>): void;
  /** Waits again after a send that got no reply. */
  wait(): boolean;
  cancel(reason: unknown): void;
}

/** No HTTP reply at all (refused, dropped, DNS): the network, not the server. */
function unreachable(error: unknown): boolean {
  return isConnectionError(error) || (error instanceof TypeError && error.cause !== undefined);
}

/** Ms before lie-fi probe `attempt` (0-based): 1 s doubling to 30 s, jittered. */
export function defaultProbeDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000) * (0.5 + Math.random() / 2);
}

/** A paused mutation as persistence sees it. */
export interface PausedMutation {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
}

/** Made on first use: only `OnlineManager` and `persist` load this module. */
export function gateOf(controller: Controller): RequestGate {
  const slot = contextOf(controller).gate;
  return slot.peek() ?? (slot.value = new RequestGate());
}

/**
 * Decides when a request may leave (online? restoring?). One per client (`gateOf`). Invariants:
 * - Online, unheld, queue empty: `send` calls `go` synchronously.
 * - Queued mutations leave one at a time in issue order, each after the previous settled.
 * - A queued mutation whose send got no HTTP reply (lie-fi) goes back to the head, still awaited;
 *   the gate is offline until a probe gets any reply or `setOnline(true)`.
 * - GETs wait only while offline. An aborted waiter leaves at once, keeping no listener.
 */
export class RequestGate {
  readonly #online = signal(true);
  /** Lie-fi: a queued mutation found no network, no reply since. */
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
  #sending: Ticket | undefined;
  #probes = 0;
  #probeTimer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  probeDelay: (attempt: number) => number = defaultProbeDelay;
  /** An `OnlineManager` drives it (else `persist` follows the browser). */
  driven = false;

  /** Tracked: online and not lie-fi. */
  get online(): boolean {
    return this.#online.value && !this.#lost.value;
  }

  /** Tracked. Views wait for a restore instead of fetching. */
  get restoring(): boolean {
    return this.#restoring.value > 0;
  }

  get restored(): Promise<void> {
    return this.#restored;
  }

  /** Tracked; re-runs on every queue change, even at equal length (persistence follows it). */
  get paused(): number {
    void this.#queueVersion.value;
    return this.#queue.length;
  }

  /** Tracked, in leaving order. */
  pausedMutations(): PausedMutation[] {
    void this.#queueVersion.value;
    return this.#queue.map(({ endpoint, args }) => ({ endpoint, args }));
  }

  /** Paused plus the one being sent: at least once, so a page closed mid lie-fi send loses nothing. */
  unsettledMutations(): PausedMutation[] {
    void this.#settledVersion.value;
    const paused = this.pausedMutations();
    const { endpoint, args } = this.#sending ?? {};
    return endpoint ? [{ endpoint, args: args! }, ...paused] : paused;
  }

  /** Runs `fn` when the client is destroyed. */
  onCleanup(fn: () => void): () => void {
    this.#cleanups.add(fn);
    return () => this.#cleanups.delete(fn);
  }

  /** `true` also ends a lie-fi wait at once. */
  setOnline(online: boolean): void {
    const lost = online && this.#lost.peek();
    if (this.#online.peek() === online && !lost) return;
    this.#online.value = online;
    this.#found();
    if (online) this.#release();
  }

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

  /** Keeps every mutation waiting until released. */
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

  /** Mutations `fn` issues join the FRONT of the queue, in order (restored ones go first). */
  first(fn: () => void): void {
    this.#insertAt = 0;
    try {
      fn();
    } finally {
      this.#insertAt = -1;
    }
  }

  /** `go()` now when it may leave, else once it may; a mutation waits in the ordered queue. */
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

  /** On destroy: rejects every waiter, runs the cleanups. */
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

  #release(): void {
    if (!this.online) return;
    const gets = [...this.#gets];
    this.#gets.clear();
    for (const ticket of gets) ticket.settle(ticket.run());
    void this.#drain();
  }

  /** A reply came (or the OnlineManager spoke). */
  #found(): void {
    clearTimeout(this.#probeTimer);
    this.#probeTimer = undefined;
    this.#probes = 0;
    this.#lost.value = false;
  }

  #lose(): void {
    this.#lost.value = true;
    clearTimeout(this.#probeTimer);
    const delay = this.probeDelay(this.#probes++);
    this.#probeTimer = setTimeout(() => {
      this.#probeTimer = undefined;
      void this.#drain(true);
    }, Number.isFinite(delay) && delay >= 0 ? delay : defaultProbeDelay(this.#probes - 1));
  }

  /** `probe`: the head goes despite lie-fi. */
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
      // a probe that sent nothing: queue empty (head aborted) means online, else (held) probe later

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
