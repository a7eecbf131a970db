import { signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { ResultEntry } from '../store/types.js';
import { WatchedSignal } from '../store/WatchedSignal.js';
import type { AnyEndpoint } from './Controller.js';
import type { PollingSubscription } from './PollingSubscription.js';

/**
 * One request in flight as its owner holds it (the transport's record extends this): which
 * endpoint and arguments, and whether it is a mutation (never shared).
 */
export interface OwnedRequest {
  readonly key: string;
  readonly endpoint: AnyEndpoint;
  readonly args: readonly unknown[];
  /** When the call was made (ms since the epoch), for devtools. */
  readonly started: number;
}

/** A view shared while watched: each kind (`dle`, `suspense`...) of each endpoint object has one per key. */
interface SharedView {
  readonly endpoint: AnyEndpoint;
  readonly kind: string;
  readonly sig: ReadonlySignal<unknown>;
}

const NONE: readonly never[] = [];

/**
 * Everything about one result key, in one object (as TanStack query-core's `Query`): its result
 * cell (what is known: data, meta, error), the requests in flight for it, its loading signal, the
 * views that want it fresh (what focus and reconnect refetch), the views shared while watched,
 * and its polling.
 *
 * Invariant: an owner is in its `ResultOwners` exactly while it holds a result cell or anything
 * live (`idle` is false); it leaves the map as the last of them goes.
 */
export class ResultOwner<R extends OwnedRequest = OwnedRequest> {
  readonly key: string;
  /** The result cell, from the key's first tracked read or write until GC or a reset; only `Store.dispatch` writes it. */
  cell: WatchedSignal<ResultEntry | undefined> | undefined;
  /** Views that want the result fresh: how many, and the endpoint and arguments of the first. */
  watchers = 0;
  watched: { readonly endpoint: AnyEndpoint; readonly args: readonly unknown[] } | undefined;
  /** Its polling, while anything subscribes. */
  polling: PollingSubscription | undefined;
  // Invariant: the requests and views are made on the first request or view, so the owner a
  // reply or a `setResponse` makes costs one object beside its cell (most keys are only written).
  #requests: R[] | undefined;
  #views: SharedView[] | undefined;
  #loading: Signal<boolean> | undefined;
  #loadingWatched = false;
  readonly #owners: ResultOwners<R>;

  constructor(owners: ResultOwners<R>, key: string) {
    this.#owners = owners;
    this.key = key;
  }

  /** The requests in flight for this key (gated, sent or backing off), in call order. */
  get requests(): readonly R[] {
    return this.#requests ?? NONE;
  }

  /** True while a request for this key is in flight (a tracked read). */
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

  /** Whether anything runs or watches here: a request, a view, polling, a watched loading signal. */
  get live(): boolean {
    return this.requests.length > 0 || this.watchers > 0 || (this.#views?.length ?? 0) > 0 || this.polling !== undefined || this.#loadingWatched;
  }

  /** Whether it holds neither a result cell nor anything live (the map may drop it). */
  get idle(): boolean {
    return this.cell === undefined && !this.live;
  }

  /** Adds a request in flight; loading turns on. */
  add(request: R): void {
    (this.#requests ??= []).push(request);
    this.#owners.inflight++;
    if (this.#loading) this.#loading.value = true;
  }

  /** Removes a request; false when it was not here (idempotent). Loading turns off with the last. */
  remove(request: R): boolean {
    const i = this.requests.indexOf(request);
    if (i < 0) return false;
    this.#requests!.splice(i, 1);
    this.#owners.inflight--;
    if (this.#loading) this.#loading.value = this.requests.length > 0;
    this.#owners.releaseIfIdle(this);
    return true;
  }

  /** The view of `kind` for `endpoint` shared while watched, if any. */
  view(endpoint: AnyEndpoint, kind: string): ReadonlySignal<unknown> | undefined {
    return this.#views?.find(v => v.endpoint === endpoint && v.kind === kind)?.sig;
  }

  /** Shares `sig` as the view of `kind` for `endpoint` unless one is shared already. */
  share(endpoint: AnyEndpoint, kind: string, sig: ReadonlySignal<unknown>): void {
    if (!this.view(endpoint, kind)) (this.#views ??= []).push({ endpoint, kind, sig });
  }

  /** Stops sharing `sig` (when it is the one shared); the owner leaves its map once idle. */
  unshare(sig: ReadonlySignal<unknown>): void {
    const i = this.#views?.findIndex(v => v.sig === sig) ?? -1;
    if (i >= 0) this.#views!.splice(i, 1);
    this.#owners.releaseIfIdle(this);
  }

  /** Registers a view that wants the result fresh; returns its removal. */
  watch(endpoint: AnyEndpoint, args: readonly unknown[]): () => void {
    if (this.watchers++ === 0) this.watched = { endpoint, args };
    return () => {
      if (--this.watchers === 0) this.watched = undefined;
      this.#owners.releaseIfIdle(this);
    };
  }
}

/**
 * The one map of result state per key (one per client, held by its Store): result cells, requests
 * in flight, loading, watchers, shared views and polling all live in its owners, so no two maps
 * must agree. GC, reset, invalidation, hydration and `getState` walk it through the store.
 *
 * @example
 * const owner = owners.ensure(UserResource.get.key({ id: 1 }));
 * owner.loading; // tracked
 */
export class ResultOwners<R extends OwnedRequest = OwnedRequest> {
  readonly #byKey = new Map<string, ResultOwner<R>>();
  /** How many requests are in flight, over every key. */
  inflight = 0;
  /** How many owners hold a result cell. */
  cells = 0;

  get(key: string): ResultOwner<R> | undefined {
    return this.#byKey.get(key);
  }

  /** The owner of `key`, made when missing; it leaves again once idle (see `releaseIfIdle`). */
  ensure(key: string): ResultOwner<R> {
    let owner = this.#byKey.get(key);
    if (!owner) this.#byKey.set(key, (owner = new ResultOwner(this, key)));
    return owner;
  }

  /** True while a request for `key` is in flight (untracked; creates nothing). */
  isInflight(key: string): boolean {
    return (this.#byKey.get(key)?.requests.length ?? 0) > 0;
  }

  /** The result cell of `key`, made (with its owner) when missing. */
  cell(key: string): WatchedSignal<ResultEntry | undefined> {
    const owner = this.ensure(key);
    if (!owner.cell) {
      owner.cell = new WatchedSignal<ResultEntry | undefined>(undefined);
      this.cells++;
    }
    return owner.cell;
  }

  /**
   * Drops the result cell of `owner` (GC, reset). Its readers are told (the cell turns undefined),
   * so no view keeps reading a cell that is gone; a later read or write makes a new one.
   */
  dropCell(owner: ResultOwner<R>): void {
    if (!owner.cell) return;
    owner.cell.value = undefined;
    owner.cell = undefined;
    this.cells--;
    this.releaseIfIdle(owner);
  }

  /** Drops `owner` when nothing is live in it any more. */
  releaseIfIdle(owner: ResultOwner<R>): void {
    if (owner.idle && this.#byKey.get(owner.key) === owner) this.#byKey.delete(owner.key);
  }

  values(): IterableIterator<ResultOwner<R>> {
    return this.#byKey.values();
  }

  /** How many keys have an owner (leak tests). */
  get size(): number {
    return this.#byKey.size;
  }
}
