import { deletedValue } from '../rest/deletedValue.js';
import { pageRequestOf, pageSchemaOf } from '../rest/paginated.js';
import { batch } from '@preact/signals-core';
import { readResponse } from '../store/readResponse.js';
import { fromNormalized, toWriteSet } from '../store/schemaOps.js';
import type { Store } from '../store/Store.js';
import type { AnyEndpoint as EndpointInstance, Controller } from './Controller.js';
import { internalsOf } from './internal.js';
import type { OwnedRequest, ResultOwners } from './ResultOwner.js';
import { CLIENT, MANAGER_KIND, type Manager } from './Manager.js';
import { FETCH, SET_RESPONSE } from './actionTypes.js';
import { COMMIT, type ActionMeta, type Commit, type Middleware, type SetResponseAction } from './actions.js';
import { abortReason } from './RequestGate.js';
import { optimisticLayer, toError } from './Snapshot.js';
import { requestClock } from './requestClock.js';
import { settle } from './trailingState.js';

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

/**
 * The meta of a write dated `date` and received at `fetchedAt`: it stays fresh for the endpoint's
 * data expiry, or for an error its error expiry (the defaults above when it sets none).
 */
export function metaOf(
  endpoint: Pick<EndpointInstance, 'dataExpiryLength' | 'errorExpiryLength'>,
  error: boolean,
  date: number,
  fetchedAt = Date.now(),
  defaults: NetworkManagerOptions = {},
): ActionMeta {
  const expiry = error ? (endpoint.errorExpiryLength ?? defaults.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY) : (endpoint.dataExpiryLength ?? defaults.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
  return { date, fetchedAt, expiresAt: fetchedAt + expiry };
}

/**
 * Options of `new NetworkManager(options)`, as data-client's: how long a fetched reply (or error)
 * stays fresh when its endpoint does not say (ms).
 *
 * @example
 * new NetworkManager({ dataExpiryLength: 60 * 60 * 1000 });
 */
export interface NetworkManagerOptions {
  /** @default DEFAULT_DATA_EXPIRY (60 s) */
  readonly dataExpiryLength?: number;
  /** @default DEFAULT_ERROR_EXPIRY (1 s) */
  readonly errorExpiryLength?: number;
}

/** One request in flight, from the call to its settlement (retries included). */
interface RequestRecord extends OwnedRequest {
  readonly abort: AbortController;
  /**
   * What `fetch` gets. A GET's is its own `abort` alone: a GET is shared by every caller that
   * joins it, and one caller's signal ends only that caller's wait (see `#join`). A mutation has
   * one caller, so its signal is combined with the endpoint's own.
   */
  readonly signal: AbortSignal;
  /**
   * Callers still waiting that can abort (each brought its own signal). Invariant: a shared GET
   * is aborted by its callers only when this falls to 0 and `kept` is false.
   */
  waiting: number;
  /** Whether a caller without a signal (a view, a plain `fetch`) joined: then no caller can abort it. */
  kept: boolean;
  /** When the current attempt left (set right before it is sent); 0 while gated. */
  date: number;
  /** The id of the optimistic layer this request shows, if any. */
  layer: number | undefined;
  promise: Promise<unknown> | undefined;
  /** A retry's backoff timer, while one waits. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

let loadingRetry: Promise<typeof import('./retry.js')> | undefined;

/**
 * The retry policy module, loaded once. A load that fails is forgotten (the next endpoint that
 * retries asks again), and never reported unhandled: the request that needed it reports its own error.
 */
function retryPolicy(): Promise<typeof import('./retry.js')> {
  if (!loadingRetry) {
    loadingRetry = import('./retry.js');
    loadingRetry.catch(() => {
      loadingRetry = undefined;
    });
  }
  return loadingRetry;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The transport: runs requests (the offline gate, attempts, retries and backoff) and commits
 * their replies. Every request in flight has one record, held by its key's `ResultOwner`: the
 * loading state of a key, the in-flight count, deduplication and `abortAll` all read the owners,
 * so "in flight" has one source of truth. Identical GETs in flight share one request; mutations
 * are never merged. Each attempt is dated right before it leaves (`requestClock`), so dates order
 * requests as the server receives them, and the store lets a reply win only over data written by
 * requests that left before it. An aborted request writes nothing: the check follows every await.
 *
 * @example
 * createDataClient({ managers: [new NetworkManager({ dataExpiryLength: 5 * 60_000 }), new SubscriptionManager()] });
 */
export class NetworkManager implements Manager {
  readonly [MANAGER_KIND] = 'network';
  /** The client it serves (set once, by the controller; see `claimManagers`). */
  [CLIENT]: Controller | undefined;
  /** The expiries of a fetched reply whose endpoint sets none. */
  readonly #defaults: NetworkManagerOptions;
  /** The client's result owners: a record is in its key's owner exactly while it is in flight. */
  #owners: ResultOwners<RequestRecord> | undefined;
  #closed = false;

  constructor(options: NetworkManagerOptions = {}) {
    this.#defaults = options;
  }

  /**
   * Takes `FETCH` (as data-client's NetworkManager does): runs the request and settles the
   * action's promise; every other action passes on.
   */
  middleware: Middleware = controller => {
    this.#owners = internalsOf(controller).store.owners as ResultOwners<RequestRecord>;
    return next => action => {
      if (action.type !== FETCH) return next(action);
      this.fetch(action.endpoint, action.args).then(action.meta.resolve, action.meta.reject);
      return Promise.resolve();
    };
  };

  /** Aborts everything in flight; later fetches reject with an AbortError (the client is gone). */
  cleanup(): void {
    this.#closed = true;
    this.abortAll();
  }

  /**
   * Aborts every request in flight; none of them writes to the store afterwards. The records go
   * (and loading falls) before this returns, so a view re-reading right after sees nothing in flight.
   */
  abortAll(): void {
    const all = this.#all();
    batch(() => {
      for (const r of all) this.#remove(r);
    });
    for (const r of all) r.abort.abort();
  }

  #all(): RequestRecord[] {
    return this.#owners ? [...this.#owners.values()].flatMap(o => o.requests) : [];
  }

  /** How many requests are in flight (retries waiting for their next attempt included). */
  get inflight(): number {
    return this.#owners?.inflight ?? 0;
  }

  /** How many retry timers are pending. */
  get timers(): number {
    return this.#all().filter(r => r.timer !== undefined).length;
  }

  /**
   * Idempotent: a record removed by `abortAll` is not removed again when its promise settles. A
   * record waiting on a retry timer leaves only through `abortAll`, whose abort clears the timer.
   */
  #remove(r: RequestRecord): void {
    this.#owners?.get(r.key)?.remove(r);
  }

  /**
   * Performs `endpoint(...args)` through the store; resolves to the denormalized value after
   * commit. Never throws synchronously: a malformed call (a missing path parameter) rejects.
   */
  fetch(endpoint: EndpointInstance, args: readonly unknown[]): Promise<unknown> {
    return settle(() => this.#start(endpoint, args));
  }

  #start(endpoint: EndpointInstance, args: readonly unknown[]): Promise<unknown> {
    const controller = this[CLIENT];
    if (!controller) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'NetworkManager: fetch before init (pass it to createDataClient)' : 'NetworkManager: not-initialized');
    if (this.#closed) return Promise.reject(new DOMException(`${endpoint.name}: the data client was destroyed`, 'AbortError'));
    const { store, write } = internalsOf(controller);
    const key = endpoint.key(...args);
    const owner = this.#owners!.ensure(key);
    if (!endpoint.sideEffect) {
      // the same request only: a page shares its list's key, not its request (see `pageRequestOf`)
      const page = pageRequestOf(endpoint, args);
      const shared = owner.requests.find(r => !r.endpoint.sideEffect && r.promise && pageRequestOf(r.endpoint, r.args) === page);
      if (shared) return this.#join(shared, endpoint.signal);
      // a caller whose signal already aborted starts nothing
      if (endpoint.signal?.aborted) {
        this.#owners!.releaseIfIdle(owner);
        return Promise.reject(abortReason(endpoint.signal));
      }
    }
    const abort = new AbortController();
    const record: RequestRecord = {
      key,
      endpoint,
      args,
      abort,
      signal: endpoint.sideEffect && endpoint.signal ? AbortSignal.any([abort.signal, endpoint.signal]) : abort.signal,
      waiting: 0,
      kept: false,
      started: Date.now(),
      date: 0,
      layer: undefined,
      promise: undefined,
      timer: undefined,
    };
    if (endpoint.getOptimisticResponse) {
      const shownAt = requestClock();
      const expiresAt = shownAt + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
      const layer = optimisticLayer(store, endpoint, args, shownAt, expiresAt, error => {
        // reported after the layer's own dispatch, never from inside it
        queueMicrotask(() => {
          if (!record.abort.signal.aborted) this.#recordError(record, error, false);
        });
      });
      record.layer = layer.id;
      write({ type: 'optimistic', op: 'add', layer });
    }
    const promise = this.#run(store, record).finally(() => this.#remove(record));
    record.promise = promise;
    // registered once it can be joined: a view that re-runs on the loading change joins this
    // request rather than starting another (the attempt's synchronous part above removes nothing)
    owner.add(record);
    return endpoint.sideEffect ? promise : this.#join(record, endpoint.signal);
  }

  /**
   * One caller's wait on a shared GET: it settles with the request, or rejects with the caller's
   * own abort reason when that signal aborts first. The request itself is aborted only when every
   * caller that joined it has aborted and none joined without a signal (as query-core cancels
   * only when its last observer leaves); so a view that joined a request a `useCancelling` caller
   * started keeps it, and its loading ends with a reply, never with another caller's abort.
   */
  #join(record: RequestRecord, own: AbortSignal | undefined): Promise<unknown> {
    const shared = record.promise!;
    if (own === undefined) {
      record.kept = true;
      return shared;
    }
    if (own.aborted) return Promise.reject(abortReason(own));
    record.waiting++;
    return new Promise((resolve, reject) => {
      let waiting = true;
      /** Ends this caller's wait; false when it had ended already. */
      const leave = (): boolean => {
        if (!waiting) return false;
        waiting = false;
        record.waiting--;
        own.removeEventListener('abort', onAbort);
        return true;
      };
      const onAbort = (): void => {
        // the last caller: the request ends with its reason, and this caller with the request
        // (after its outcome, a timeout say, is recorded)
        if (waiting && record.waiting === 1 && !record.kept) return record.abort.abort(abortReason(own));
        if (leave()) reject(abortReason(own));
      };
      own.addEventListener('abort', onAbort, { once: true });
      shared.then(
        value => leave() && resolve(value),
        (error: unknown) => leave() && reject(error),
      );
    });
  }

  /** Sends the request (through the client's gate), retrying as the endpoint asks, and commits the reply. */
  async #run(store: Store, record: RequestRecord): Promise<unknown> {
    const { endpoint, args, signal } = record;
    // The request sees its signal as `this.signal` through a view whose prototype is the
    // endpoint: no endpoint class is derived per call (as `extend({ signal })` would).
    const request = Object.create(endpoint, { signal: { value: signal } }) as EndpointInstance;
    // an endpoint that retries asks for the retry policy (a chunk of its own) as it sends, while the
    // network that may fail next is still there to load it
    const policy = endpoint.retry === undefined || endpoint.retry === false ? undefined : retryPolicy();
    const attempts = async (): Promise<unknown> => {
      for (let failures = 0; ; ) {
        // dated as it leaves: a request sent later always carries a later date
        record.date = requestClock();
        try {
          return await request.fetch(...args);
        } catch (error) {
          failures++;
          const err = toError(error);
          if (signal.aborted || isAbort(error) || this.#closed || policy === undefined) throw error;
          // a policy that could not load (offline before it ever did): the request fails with its own error
          const retry = await policy.catch(() => undefined);
          if (!retry?.shouldRetry(endpoint, failures, err)) throw error;
          await this.#backoff(record, retry.retryDelayOf(endpoint, failures - 1, err));
        }
      }
    };
    let reply: unknown;
    try {
      reply = await internalsOf(this[CLIENT]!).gate.send(!!endpoint.sideEffect, endpoint, args, signal, attempts);
      if (signal.aborted) throw abortReason(signal);
    } catch (error) {
      this.#fail(record, error);
      throw error;
    }
    const meta = metaOf(endpoint, false, record.date, undefined, this.#defaults);
    // through the managers' middleware to the store; the reply and the end of its loading are one
    // change there (`COMMIT`), so no view sees the data while still loading. A reply that does
    // not fit the schema is recorded there as the error, and rejects here.
    const action = this.#committing(record, { type: SET_RESPONSE, endpoint, args, key: record.key, meta, response: reply });
    await this[CLIENT]!.dispatch(action);
    // a page (`getList.getPage`) is stored as its list's result; its caller gets the page it fetched
    const page = pageSchemaOf(endpoint.schema);
    if (page !== undefined) return fromNormalized(page, toWriteSet(page, reply, args, store.committed, meta).result, args, store.visible, store.cache);
    if (!endpoint.sideEffect) return readResponse(store, endpoint, args, record.key, store.visible).data;
    // what this reply wrote, denormalized (the reply itself when it wrote no entity: a delete)
    const data = fromNormalized(endpoint.schema, action[COMMIT].result, args, store.visible, store.cache);
    return typeof data === 'symbol' || data === undefined ? deletedValue(endpoint.schema, reply, args) : data;
  }

  /** `action` carrying what the store does with it in the same batch: end `record`, drop its layer. */
  #committing(record: RequestRecord, action: SetResponseAction): SetResponseAction & { [COMMIT]: Commit } {
    const commit: Commit = { layer: record.layer, done: () => this.#remove(record), result: undefined };
    return Object.assign(action, { [COMMIT]: commit });
  }

  /** Waits `ms` before the next attempt; rejects at once when the request is aborted. */
  #backoff(record: RequestRecord, ms: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const { signal } = record;
      const onAbort = (): void => {
        clearTimeout(record.timer);
        record.timer = undefined;
        reject(abortReason(signal));
      };
      if (signal.aborted) return onAbort();
      record.timer = setTimeout(() => {
        record.timer = undefined;
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  #fail(record: RequestRecord, error: unknown): void {
    // aborted (by its callers, or by destroy/reset): nothing is recorded; the layer goes. A
    // timeout (`AbortSignal.timeout`) is no abort: it is recorded, so a view can show it
    if (isAbort(error) || (record.abort.signal.aborted && isAbort(record.abort.signal.reason))) {
      if (record.layer !== undefined) internalsOf(this[CLIENT]!).write({ type: 'optimistic', op: 'remove', id: record.layer });
      return;
    }
    // as for a reply: the error and the end of loading are one change
    this.#recordError(record, toError(error), true);
  }

  #recordError(record: RequestRecord, error: Error, ending: boolean): void {
    const { endpoint, args, key } = record;
    const action: SetResponseAction = { type: SET_RESPONSE, endpoint, args, key, meta: metaOf(endpoint, true, record.date || requestClock(), undefined, this.#defaults), response: error, error: true };
    this[CLIENT]!.dispatch(ending ? this.#committing(record, action) : action).catch(() => {
      // an error action does not fail; a middleware that throws on it is its own report
    });
  }
}
