import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { AnyEndpoint as EndpointInstance } from './Controller.js';
import type { OfflineGate } from './OfflineGate.js';

/** A paused mutation as persistence sees it: the endpoint and the arguments it was called with. */
export interface PausedMutation {
  readonly endpoint: EndpointInstance;
  readonly args: readonly unknown[];
}

/** A request that came while the offline gate's chunk loads: handed over once it arrived. */
interface Waiter extends PausedMutation {
  readonly mutation: boolean;
  forward(gate: OfflineGate): void;
  /** The client was destroyed first. */
  destroyed(): void;
}

const SETTLED = Promise.resolve();

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * Decides when a request may leave: the one place that knows whether the client is online and
 * whether a restore (`persist`) is running. One gate per client, in the controller's internals.
 *
 * The queue and the restore wait are the `OfflineGate`, its own chunk: installed at once by
 * `persist` (which imports it), loaded by `preload` (an `OnlineManager` asks while the network is
 * there, so the chunk can still be fetched) and by the first `setOnline(false)`. Rejected: a gate
 * that is always whole (every app paid for the queue), and loading it only when the network goes
 * away (the chunk could not be fetched then).
 *
 * Invariants:
 * - Online with no `OfflineGate` and none loading, `send` calls `go` synchronously: the request
 *   path of a client that is never offline waits for no chunk.
 * - Once the client went offline, nothing slips past: a request sent while the chunk loads waits
 *   for it, in issue order, and is handed to the `OfflineGate` as if it had been there (an abort
 *   meanwhile rejects at once; a chunk that fails to load is asked for again when the client is
 *   online, and the requests wait until it arrives).
 * - With an `OfflineGate`, every call is its: see its invariants.
 */
export class RequestGate {
  readonly #online = signal(true);
  readonly #full = signal<OfflineGate | undefined>(undefined);
  #loading = false;
  #waiting: Waiter[] = [];
  /** Bumped when `#waiting` changes, for the tracked reads of `paused` and `pausedMutations`. */
  readonly #waitingVersion = signal(0);
  #closed = false;

  /** Whether requests may leave now (a tracked read). */
  get online(): boolean {
    return this.#online.value;
  }

  /** Whether a restore is running (a tracked read). Views wait for it instead of fetching. */
  get restoring(): boolean {
    return this.#full.value?.restoring ?? false;
  }

  /** A signal of `restoring`, for adapters. */
  readonly restoringSignal: ReadonlySignal<boolean> = computed(() => this.restoring);

  /** Settles when no restore runs any more (already settled when none runs). */
  get restored(): Promise<void> {
    return this.#full.peek()?.restored ?? SETTLED;
  }

  /** How many mutations wait to be sent (a tracked read). */
  get paused(): number {
    return this.#full.value?.paused ?? this.#waitingMutations().length;
  }

  /** The mutations waiting to be sent, in the order they will leave (a tracked read). */
  pausedMutations(): PausedMutation[] {
    return this.#full.value?.pausedMutations() ?? this.#waitingMutations().map(({ endpoint, args }) => ({ endpoint, args }));
  }

  /** The mutations waiting for the chunk (a tracked read): already paused, as they will be there. */
  #waitingMutations(): Waiter[] {
    void this.#waitingVersion.value;
    return this.#waiting.filter(w => w.mutation);
  }

  #setWaiting(waiting: Waiter[]): void {
    this.#waiting = waiting;
    this.#waitingVersion.value++;
  }

  setOnline(online: boolean): void {
    if (this.#online.peek() === online) return;
    this.#online.value = online;
    const full = this.#full.peek();
    if (full) full.resume();
    else if (!online || this.#waiting.length > 0) this.preload();
  }

  /**
   * Starts loading the `OfflineGate` chunk (once); requests do not wait for it unless the client
   * goes offline before it arrives.
   */
  preload(): void {
    if (this.#loading || this.#full.peek() || this.#closed) return;
    this.#loading = true;
    import('./OfflineGate.js').then(
      m => {
        this.#loading = false;
        if (!this.#closed) this.install(m.OfflineGate);
      },
      () => {
        // offline, say: asked for again when the client is online (see `setOnline`); requests
        // that wait for it keep waiting
        this.#loading = false;
      },
    );
  }

  /**
   * The client's `OfflineGate`, made now from `Gate` when there is none yet (`persist` passes the
   * class it imports, so its restore starts synchronously). Requests that waited for the chunk are
   * handed to it in issue order, held until all are in, so paused mutations still leave one at a time.
   */
  install(Gate: typeof OfflineGate): OfflineGate {
    const existing = this.#full.peek();
    if (existing) return existing;
    const full = new Gate(this.#online);
    const waiting = this.#waiting;
    const release = full.hold();
    batch(() => {
      this.#full.value = full;
      this.#setWaiting([]);
      for (const w of waiting) w.forward(full);
    });
    release();
    return full;
  }

  /**
   * Sends a request through the gate: `go()` now when it may leave, otherwise once it may.
   * `mutation` says whether it waits in the ordered queue (and counts as paused).
   */
  send<T>(mutation: boolean, endpoint: EndpointInstance, args: readonly unknown[], abort: AbortSignal, go: () => Promise<T>): Promise<T> {
    const full = this.#full.peek();
    if (full) return full.send(mutation, endpoint, args, abort, go);
    if (this.#online.peek() && this.#waiting.length === 0) return go();
    if (this.#closed) return Promise.reject(new DOMException(`${endpoint.name}: the data client was destroyed`, 'AbortError'));
    return new Promise<T>((resolve, reject) => {
      if (abort.aborted) return reject(abortReason(abort));
      const onAbort = (): void => {
        this.#setWaiting(this.#waiting.filter(w => w !== waiter));
        reject(abortReason(abort));
      };
      const waiter: Waiter = {
        mutation,
        endpoint,
        args,
        forward: gate => {
          abort.removeEventListener('abort', onAbort);
          gate.send(mutation, endpoint, args, abort, go).then(resolve, reject);
        },
        destroyed: () => {
          abort.removeEventListener('abort', onAbort);
          reject(new DOMException(`${endpoint.name}: the data client was destroyed`, 'AbortError'));
        },
      };
      abort.addEventListener('abort', onAbort, { once: true });
      this.#setWaiting([...this.#waiting, waiter]);
      this.preload();
    });
  }

  /** Rejects every waiter and runs the cleanups (the client is destroyed). */
  cleanup(): void {
    this.#closed = true;
    const waiting = this.#waiting;
    this.#setWaiting([]);
    for (const w of waiting) w.destroyed();
    this.#full.peek()?.cleanup();
  }
}
