import { signal, type Signal } from '@preact/signals-core';
import type { AnyEndpoint as EndpointInstance } from './Controller.js';
import { readResponse } from '../store/readResponse.js';
import { fromNormalized, toWriteSet } from '../store/schemaOps.js';
import type { Store } from '../store/Store.js';
import type { ErrorPolicy } from '../store/types.js';
import type { Controller } from './Controller.js';
import { internalsOf } from './internal.js';
import type { Manager } from './Manager.js';
import { requestClock } from './requestClock.js';
import { Snapshot } from './Snapshot.js';

/**
 * How long data stays fresh when an endpoint does not say (ms), as in `@data-client/core`.
 *
 * @example
 * const staleAt = fetchedAt + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
 */
export const DEFAULT_DATA_EXPIRY = 60_000;
/**
 * How long a recorded error stays fresh when an endpoint does not say (ms): until then views show
 * it instead of retrying.
 *
 * @example
 * const retryAt = fetchedAt + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY);
 */
export const DEFAULT_ERROR_EXPIRY = 1_000;

interface Inflight {
  readonly promise: Promise<unknown>;
  readonly abort: AbortController;
}

/**
 * One request in flight, as devtools list it: the endpoint it runs, its result key and when it
 * started (ms since the epoch).
 */
export interface InflightRequest {
  readonly endpoint: EndpointInstance;
  readonly key: string;
  readonly started: number;
}

interface Loading {
  count: number;
  watched: boolean;
  readonly sig: Signal<boolean>;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The request manager. Identical GETs in flight share one request; mutations are never merged.
 * Every request is stamped with the time it started (`date`), and the store lets a reply win
 * only over data written by requests that started before it. Each request carries an
 * AbortSignal of this manager's, so `abortAll` (destroy, resetEntireStore) stops every one and an
 * aborted request writes nothing afterwards: the check comes after every await.
 *
 * @example
 * createDataClient({ managers: [new NetworkManager(), new SubscriptionManager()] });
 */
export class NetworkManager implements Manager {
  #controller: Controller | undefined;
  #inflight = new Map<string, Inflight>();
  #all = new Map<AbortController, InflightRequest>();
  #loading = new Map<string, Loading>();
  #layerSeq = 0;
  #closed = false;

  init(controller: Controller): void {
    this.#controller = controller;
  }

  /** Aborts everything in flight; later fetches reject with an AbortError (the client is gone). */
  cleanup(): void {
    this.#closed = true;
    this.abortAll();
  }

  /** Aborts every request in flight; none of them writes to the store afterwards. */
  abortAll(): void {
    const all = [...this.#all.keys()];
    this.#all.clear();
    this.#inflight.clear();
    for (const ac of all) ac.abort();
  }

  /** How many requests are in flight. */
  get inflight(): number {
    return this.#all.size;
  }

  /** Every request in flight, oldest first (devtools). */
  get requests(): IterableIterator<InflightRequest> {
    return this.#all.values();
  }

  /** True while a request for `key` is in flight (untracked; creates nothing). */
  isInflight(key: string): boolean {
    return (this.#loading.get(key)?.count ?? 0) > 0;
  }

  /** True while a request for `key` is in flight (a tracked signal read). */
  isLoading(key: string): boolean {
    return this.#loadingCell(key).sig.value;
  }

  // a loading cell lives while a request for its key runs or a view watches it
  #loadingCell(key: string): Loading {
    let l = this.#loading.get(key);
    if (!l) {
      const created: Loading = {
        count: 0,
        watched: false,
        sig: signal(false, {
          watched: () => {
            created.watched = true;
          },
          unwatched: () => {
            created.watched = false;
            if (created.count === 0 && this.#loading.get(key) === created) this.#loading.delete(key);
          },
        }),
      };
      this.#loading.set(key, (l = created));
    }
    return l;
  }

  #loadingDelta(key: string, d: number): void {
    const l = this.#loadingCell(key);
    l.count += d;
    l.sig.value = l.count > 0;
    if (l.count === 0 && !l.watched) this.#loading.delete(key);
  }

  /**
   * Performs `endpoint(...args)` through the store; resolves to the denormalized value after
   * commit. Never throws synchronously: a malformed call (a missing path parameter) rejects.
   */
  fetch(endpoint: EndpointInstance, args: readonly unknown[]): Promise<unknown> {
    try {
      return this.#start(endpoint, args);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #start(endpoint: EndpointInstance, args: readonly unknown[]): Promise<unknown> {
    const controller = this.#controller;
    if (!controller) throw new TypeError('NetworkManager: fetch before init (pass it to createDataClient)');
    if (this.#closed) return Promise.reject(new DOMException(`${endpoint.name}: the data client was destroyed`, 'AbortError'));
    const { store } = internalsOf(controller);
    const key = endpoint.key(...args);
    if (!endpoint.sideEffect) {
      const shared = this.#inflight.get(key);
      if (shared) return shared.promise;
    }
    const date = requestClock();
    const ac = new AbortController();
    this.#all.set(ac, { endpoint, key, started: Date.now() });
    const signals = endpoint.signal ? [ac.signal, endpoint.signal] : [ac.signal];
    const combined = signals.length === 1 ? ac.signal : AbortSignal.any(signals);
    const request = endpoint.extend({ signal: combined });
    const layer = endpoint.getOptimisticResponse ? this.#addLayer(store, endpoint, args, date) : undefined;
    this.#loadingDelta(key, +1);
    const promise = this.#run(store, endpoint, request, args, key, date, ac, combined, layer).finally(() => {
      this.#all.delete(ac);
      if (this.#inflight.get(key)?.abort === ac) this.#inflight.delete(key);
      this.#loadingDelta(key, -1);
    });
    if (!endpoint.sideEffect) this.#inflight.set(key, { promise, abort: ac });
    return promise;
  }

  #addLayer(store: Store, endpoint: EndpointInstance, args: readonly unknown[], date: number): number {
    const id = ++this.#layerSeq;
    const expiresAt = date + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
    store.dispatch({
      type: 'optimistic',
      op: 'add',
      layer: {
        id,
        compute: beneath => {
          const snapshot = new Snapshot(store, beneath, date);
          let response: unknown;
          try {
            response = endpoint.getOptimisticResponse!(snapshot, ...args);
          } catch (error) {
            if (error === snapshot.abort) return null;
            throw error;
          }
          // a layer sits on top of whatever is beneath it, however recent: merged as the newest write
          const now = requestClock();
          return toWriteSet(endpoint.schema, response, args, beneath, { date: now, fetchedAt: date, expiresAt }, true);
        },
      },
    });
    return id;
  }

  async #run(
    store: Store,
    endpoint: EndpointInstance,
    request: EndpointInstance,
    args: readonly unknown[],
    key: string,
    date: number,
    ac: AbortController,
    combined: AbortSignal,
    layer: number | undefined,
  ): Promise<unknown> {
    let reply: unknown;
    try {
      reply = await internalsOf(this.#controller!).gate.send(!!endpoint.sideEffect, endpoint, args, combined, () => request.fetch(...args));
    } catch (error) {
      this.#fail(store, endpoint, key, date, ac, combined, layer, error);
      throw error;
    }
    if (combined.aborted || ac.signal.aborted) {
      if (layer !== undefined) store.dispatch({ type: 'optimistic', op: 'remove', id: layer });
      throw combined.reason ?? new DOMException('This operation was aborted', 'AbortError');
    }
    const fetchedAt = Date.now();
    const meta = { date, fetchedAt, expiresAt: fetchedAt + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY) };
    let writes;
    try {
      writes = toWriteSet(endpoint.schema, reply, args, store.committed, meta);
    } catch (error) {
      this.#fail(store, endpoint, key, date, ac, combined, layer, error);
      throw error;
    }
    store.dispatch({ type: 'setResponse', key: endpoint.sideEffect ? undefined : key, writes, meta, removeLayer: layer });
    if (!endpoint.sideEffect) return readResponse(store, endpoint, args, key, store.visible).data;
    const data = fromNormalized(endpoint.schema, writes.result, args, store.visible, store.cache);
    return typeof data === 'symbol' ? reply : data;
  }

  #fail(
    store: Store,
    endpoint: EndpointInstance,
    key: string,
    date: number,
    ac: AbortController,
    combined: AbortSignal,
    layer: number | undefined,
    error: unknown,
  ): void {
    // aborted (by the caller or by destroy/reset): nothing is recorded; the layer goes
    if (ac.signal.aborted || isAbort(error)) {
      if (layer !== undefined) store.dispatch({ type: 'optimistic', op: 'remove', id: layer });
      return;
    }
    const err = toError(error);
    const fetchedAt = Date.now();
    let errorPolicy: ErrorPolicy | undefined;
    try {
      errorPolicy = endpoint.errorPolicy?.(err) ?? undefined;
    } catch {
      errorPolicy = undefined;
    }
    store.dispatch({
      type: 'setError',
      key,
      error: err,
      errorPolicy,
      meta: { date, fetchedAt, expiresAt: fetchedAt + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY) },
      removeLayer: layer,
    });
  }
}
