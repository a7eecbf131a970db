import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { deletedValue } from '../rest/deletedValue.js';
import { pageRequestOf, pageSchemaOf } from '../rest/paginated.js';
import { readResponse } from '../store/readResponse.js';
import { fromNormalized, toWriteSet } from '../store/schemaOps.js';
import type { ResultEntry } from '../store/types.js';
import { WatchedSignal } from '../store/WatchedSignal.js';
import { SET_RESPONSE } from './actionTypes.js';
import type { SetResponseAction } from './actions.js';
import type { AnyEndpoint } from './Controller.js';
import type { ManagerContext } from './ManagerContext.js';
import { abortReason, isAbort, metaOf, sendRequest } from './NetworkManager.js';
import type { PollingSubscription } from './PollingSubscription.js';
import { requestClock } from './requestClock.js';
import { optimisticLayer, toError } from './Snapshot.js';

/** One request in flight, from the call to its settlement (retries included), held by its key's owner. */
export interface OwnedRequest {
  readonly key: string;
  readonly endpoint: AnyEndpoint;
  readonly args: readonly unknown[];
  /** When the call was made (ms since the epoch), for devtools. */
  readonly started: number;
  readonly abort: AbortController;
  /** A GET's is its own `abort` alone (a caller's signal ends only its wait, see `join`); a mutation's joins its one caller's. */
  readonly signal: AbortSignal;
  /** Callers still waiting that brought a signal. Invariant: a shared GET is aborted by its callers only when this falls to 0 and `kept` is false. */
  waiting: number;
  /** A caller without a signal (a view, a plain `fetch`) joined: then no caller can abort it. */
  kept: boolean;
  /** When the current attempt left (`requestClock`); 0 while gated. */
  date: number;
  layer?: number;
  promise?: Promise<unknown>;
  /** A retry's backoff timer, while one waits. */
  timer?: ReturnType<typeof setTimeout> | undefined;
  /** The normalized result its reply wrote (what a mutation resolves to). */
  result?: unknown;
}

/** A view shared while watched: each kind (`dle`, `suspense`...) of each endpoint object has one per key. */
interface SharedView {
  readonly endpoint: AnyEndpoint;
  readonly kind: string;
  readonly sig: ReadonlySignal<unknown>;
}

/** A view that wants the key fresh: the endpoint and arguments it reads. */
export interface Caller {
  readonly endpoint: AnyEndpoint;
  readonly args: readonly unknown[];
}

const NONE: readonly never[] = [];

// a map, so the store's declarations (it holds the owners) do not carry the context's types
const contexts = new WeakMap<ResultOwners, ManagerContext>();

export function bindOwners(owners: ResultOwners, context: ManagerContext): void {
  contexts.set(owners, context);
}

/**
 * One caller's wait on a shared GET: settles with the request, or rejects with the caller's abort
 * reason. The request is aborted only when every caller aborted and none joined without a signal
 * (query-core cancels when its last observer leaves), so a view keeps a `useCancelling` caller's request.
 */
function join(request: OwnedRequest, own: AbortSignal | undefined): Promise<unknown> {
  const shared = request.promise!;
  if (own === undefined) {
    request.kept = true;
    return shared;
  }
  if (own.aborted) return Promise.reject(abortReason(own));
  request.waiting++;
  return new Promise((resolve, reject) => {
    let waiting = true;
    const leave = (): boolean => {
      if (!waiting) return false;
      waiting = false;
      request.waiting--;
      own.removeEventListener('abort', onAbort);
      return true;
    };
    const onAbort = (): void => {
      // the last caller: the request ends with its reason (its outcome, a timeout say, is recorded first)
      if (waiting && request.waiting === 1 && !request.kept) return request.abort.abort(abortReason(own));
      if (leave()) reject(abortReason(own));
    };
    own.addEventListener('abort', onAbort, { once: true });
    shared.then(
      value => leave() && resolve(value),
      (error: unknown) => leave() && reject(error),
    );
  });
}

/**
 * Everything about one result key, in one object (as query-core's `Query`): its result cell, the
 * requests in flight (deduplication, the abort rule, the reply applied in one batch), loading, the
 * views that want it fresh, the views shared while watched, and polling.
 *
 * Invariant: an owner is in its `ResultOwners` exactly while it holds a cell or anything live.
 */
export class ResultOwner {
  readonly key: string;
  /** The result cell, from the key's first tracked read or write until GC or a reset; only `Store.dispatch` writes it. */
  cell: WatchedSignal<ResultEntry | undefined> | undefined;
  polling: PollingSubscription | undefined;
  // Invariant: made on first use, so an owner that is only written costs one object beside its cell.
  #requests: OwnedRequest[] | undefined;
  #watchers: Caller[] | undefined;
  #views: SharedView[] | undefined;
  #loading: Signal<boolean> | undefined;
  #loadingWatched = false;
  readonly #owners: ResultOwners;

  constructor(owners: ResultOwners, key: string) {
    this.#owners = owners;
    this.key = key;
  }

  /** In call order: gated, sent or backing off. */
  get requests(): readonly OwnedRequest[] {
    return this.#requests ?? NONE;
  }

  /** Tracked. */
  get loading(): boolean {
    if (!this.#loading) {
      this.#loading = signal(this.requests.length > 0, {
        watched: () => {
          this.#loadingWatched = true;
        },
        unwatched: () => {
          this.#loadingWatched = false;
          this.#owners.releaseIfIdle(this);
        },
      });
    }
    return this.#loading.value;
  }

  /** The oldest view still watching: focus and reconnect refetch with its endpoint and arguments. */
  get watched(): Caller | undefined {
    return this.#watchers?.[0];
  }

  /** A request, a view, polling, or a watched loading signal. */
  get live(): boolean {
    return this.requests.length > 0 || !!this.#watchers?.length || !!this.#views?.length || this.polling !== undefined || this.#loadingWatched;
  }

  get idle(): boolean {
    return this.cell === undefined && !this.live;
  }

  add(request: OwnedRequest): void {
    (this.#requests ??= []).push(request);
    this.#owners.inflight++;
    if (this.#loading) this.#loading.value = true;
  }

  /** False when it was not here (idempotent). */
  remove(request: OwnedRequest): boolean {
    const i = this.requests.indexOf(request);
    if (i < 0) return false;
    this.#requests!.splice(i, 1);
    this.#owners.inflight--;
    if (this.#loading) this.#loading.value = this.requests.length > 0;
    this.#owners.releaseIfIdle(this);
    return true;
  }

  /**
   * Runs `endpoint(...args)` through the client's transport; resolves, after commit, to the
   * denormalized value. An identical GET in flight is joined (a page shares its list's key, not its
   * request: see `pageRequestOf`); mutations are never merged.
   */
  fetch(endpoint: AnyEndpoint, args: readonly unknown[]): Promise<unknown> {
    const ctx = contexts.get(this.#owners)!;
    if (!endpoint.sideEffect) {
      const page = pageRequestOf(endpoint, args);
      const shared = this.requests.find(r => !r.endpoint.sideEffect && r.promise && pageRequestOf(r.endpoint, r.args) === page);
      if (shared) return join(shared, endpoint.signal);
      if (endpoint.signal?.aborted) {
        this.#owners.releaseIfIdle(this);
        return Promise.reject(abortReason(endpoint.signal));
      }
    }
    const abort = new AbortController();
    const request: OwnedRequest = {
      key: this.key,
      endpoint,
      args,
      started: Date.now(),
      abort,
      signal: endpoint.sideEffect && endpoint.signal ? AbortSignal.any([abort.signal, endpoint.signal]) : abort.signal,
      waiting: 0,
      kept: false,
      date: 0,
    };
    if (endpoint.getOptimisticResponse) {
      const shownAt = requestClock();
      const layer = optimisticLayer(ctx.store, endpoint, args, shownAt, metaOf(endpoint, false, shownAt, shownAt).expiresAt, error => {
        // reported after the layer's own write, never from inside it
        queueMicrotask(() => {
          if (!abort.signal.aborted) void this.#report(ctx, request, error, false);
        });
      });
      request.layer = layer.id;
      ctx.write({ type: 'optimistic', op: 'add', layer });
    }
    request.promise = this.#run(ctx, request).finally(() =>
      batch(() => {
        // not ended with a write (aborted, or a middleware consumed its outcome): its layer goes too
        if (this.remove(request) && request.layer !== undefined) ctx.write({ type: 'optimistic', op: 'remove', id: request.layer });
      }),
    );
    // registered once joinable: a view that re-runs on the loading change joins it
    this.add(request);
    return endpoint.sideEffect ? request.promise : join(request, endpoint.signal);
  }

  async #run(ctx: ManagerContext, request: OwnedRequest): Promise<unknown> {
    const { endpoint, args, signal } = request;
    let reply: unknown;
    try {
      reply = await sendRequest(request, ctx.gate.peek());
      if (signal.aborted) throw abortReason(signal);
    } catch (error) {
      // an abort (callers, reset, destroy) records nothing; a timeout is no abort and is recorded
      if (!isAbort(error) && !(request.abort.signal.aborted && isAbort(request.abort.signal.reason))) await this.#report(ctx, request, toError(error), true);
      throw error;
    }
    const meta = ctx.network.replyMeta(endpoint, false, request.date);
    // once through the app's middleware, whose end applies it and ends the request in one batch
    await ctx.controller.dispatch({ type: SET_RESPONSE, endpoint, args, key: this.key, meta, response: reply });
    const { store } = ctx;
    // a page (`getPage`) is stored as its list's result; its caller gets the page it fetched
    const page = pageSchemaOf(endpoint.schema);
    if (page !== undefined) return fromNormalized(page, toWriteSet(page, reply, args, store.committed, meta).result, args, store.visible, store.cache);
    if (!endpoint.sideEffect) return readResponse(store, endpoint, args, this.key, store.visible).data;
    // the reply itself when it wrote no entity (a delete)
    const data = fromNormalized(endpoint.schema, request.result, args, store.visible, store.cache);
    return typeof data === 'symbol' || data === undefined ? deletedValue(endpoint.schema, reply, args) : data;
  }

  /** `ending`: it is the request's outcome, applied with the request's end; else (a failed preview) the request runs on. */
  #report(ctx: ManagerContext, request: OwnedRequest, error: Error, ending: boolean): Promise<void> {
    const { endpoint, args } = request;
    const action: SetResponseAction = { type: SET_RESPONSE, endpoint, args: ending ? args : [...args], key: this.key, meta: ctx.network.replyMeta(endpoint, true, request.date || requestClock()), response: error, error: true };
    return ctx.controller.dispatch(action).catch(() => {
      // an error action does not fail; a middleware that throws on it is its own report
    });
  }

  view(endpoint: AnyEndpoint, kind: string): ReadonlySignal<unknown> | undefined {
    return this.#views?.find(v => v.endpoint === endpoint && v.kind === kind)?.sig;
  }

  share(endpoint: AnyEndpoint, kind: string, sig: ReadonlySignal<unknown>): void {
    if (!this.view(endpoint, kind)) (this.#views ??= []).push({ endpoint, kind, sig });
  }

  /** The owner leaves its map once idle. */
  unshare(sig: ReadonlySignal<unknown>): void {
    const i = this.#views?.findIndex(v => v.sig === sig) ?? -1;
    if (i >= 0) this.#views!.splice(i, 1);
    this.#owners.releaseIfIdle(this);
  }

  /** Returns its removal. */
  watch(endpoint: AnyEndpoint, args: readonly unknown[]): () => void {
    const caller: Caller = { endpoint, args };
    (this.#watchers ??= []).push(caller);
    return () => {
      const i = this.#watchers!.indexOf(caller);
      if (i >= 0) this.#watchers!.splice(i, 1);
      this.#owners.releaseIfIdle(this);
    };
  }
}

/**
 * The one map of result state per key (one per client, held by its Store), so no two maps must
 * agree. GC, reset, invalidation, hydration and `getState` walk it through the store.
 *
 * @example
 * const owner = owners.ensure(UserResource.get.key({ id: 1 }));
 * owner.loading; // tracked
 */
export class ResultOwners {
  readonly #byKey = new Map<string, ResultOwner>();
  inflight = 0;
  cells = 0;

  get(key: string): ResultOwner | undefined {
    return this.#byKey.get(key);
  }

  /** Made when missing; it leaves again once idle (see `releaseIfIdle`). */
  ensure(key: string): ResultOwner {
    let owner = this.#byKey.get(key);
    if (!owner) this.#byKey.set(key, (owner = new ResultOwner(this, key)));
    return owner;
  }

  /** Untracked; creates nothing. */
  isInflight(key: string): boolean {
    return (this.#byKey.get(key)?.requests.length ?? 0) > 0;
  }

  cell(key: string): WatchedSignal<ResultEntry | undefined> {
    const owner = this.ensure(key);
    if (!owner.cell) {
      owner.cell = new WatchedSignal<ResultEntry | undefined>(undefined);
      this.cells++;
    }
    return owner.cell;
  }

  /** Drops the cell (GC, reset); readers see it turn undefined, so no view reads a gone cell. */
  dropCell(owner: ResultOwner): void {
    if (!owner.cell) return;
    owner.cell.value = undefined;
    owner.cell = undefined;
    this.cells--;
    this.releaseIfIdle(owner);
  }

  releaseIfIdle(owner: ResultOwner): void {
    if (owner.idle && this.#byKey.get(owner.key) === owner) this.#byKey.delete(owner.key);
  }

  values(): IterableIterator<ResultOwner> {
    return this.#byKey.values();
  }

  /** Polling intervals that run and retry backoffs that wait. */
  get timers(): number {
    let n = 0;
    for (const o of this.#byKey.values()) {
      if (o.polling?.active) n++;
      for (const r of o.requests) if (r.timer !== undefined) n++;
    }
    return n;
  }

  /** Aborts every request; none writes afterwards. They leave (loading falls, layers go) before this returns. */
  abortAll(): void {
    const all = [...this.#byKey.values()].flatMap(o => o.requests);
    batch(() => {
      for (const r of all) if (this.get(r.key)!.remove(r) && r.layer !== undefined) contexts.get(this)!.write({ type: 'optimistic', op: 'remove', id: r.layer });
    });
    for (const r of all) r.abort.abort();
  }

  /** For leak tests. */
  get size(): number {
    return this.#byKey.size;
  }
}
