import { computed, effect, untracked, type ReadonlySignal } from '@preact/signals-core';
import type { AnyEndpoint, Controller } from '../controller/Controller.js';
import type { NetworkManager } from '../controller/NetworkManager.js';
import type { RequestGate } from '../controller/RequestGate.js';
import type { ResultOwners } from '../controller/ResultOwner.js';
import { needsFetch, readResponse } from '../store/readResponse.js';
import type { Store } from '../store/Store.js';
import type { ResponseView } from '../store/views.js';

const noop = (): void => {};

/**
 * What every view of one client reads: its store and controller, the result owners, and the
 * counters `stats()` reports. The views (one file per kind) are thin watchers over the owners;
 * when a view fetches is decided here alone (`wantsFetch`, `activate`).
 */
export class ViewContext {
  readonly store: Store;
  readonly controller: Controller;
  readonly network: NetworkManager;
  readonly owners: ResultOwners;
  readonly gate: RequestGate;
  watchedViews = 0;
  destroyed = false;
  /** The watch callbacks of a view that is neither shared nor starts anything: it is only counted. */
  readonly #counted = {
    watched: (): void => void this.watchedViews++,
    unwatched: (): void => void this.watchedViews--,
  };

  constructor(store: Store, controller: Controller, network: NetworkManager, owners: ResultOwners, gate: RequestGate) {
    this.store = store;
    this.controller = controller;
    this.network = network;
    this.owners = owners;
    this.gate = gate;
  }

  /** `endpoint(...args)`'s result key, or null for "not yet" (`[null]`). */
  keyOf(endpoint: AnyEndpoint, args: readonly unknown[]): string | null {
    return args.length === 1 && args[0] === null ? null : endpoint.key(...args);
  }

  /** Starts (or joins) the request of `endpoint(...args)`; its outcome is recorded for the views. */
  fetch(endpoint: AnyEndpoint, args: readonly unknown[]): Promise<void> {
    return this.controller.fetch(endpoint, ...(args as Parameters<AnyEndpoint>)).then(noop, noop);
  }

  /**
   * The one rule for when a view starts a fetch: its response is missing, invalid or stale, no
   * request for its key is in flight, no restore runs (it may answer the view), and the committed
   * state needs it too (data hidden only by a pending optimistic layer, such as an optimistic
   * delete, is not refetched: the mutation's reply settles it).
   */
  wantsFetch(endpoint: AnyEndpoint, args: readonly unknown[], key: string, r: ResponseView, now: number): boolean {
    if (this.destroyed || this.gate.restoring || !needsFetch(r, now) || this.network.isInflight(key)) return false;
    if (this.store.layerCount === 0) return true;
    return needsFetch(readResponse(this.store, endpoint, args, key, this.store.committed), now);
  }

  /**
   * While a view is watched: it watches its key's owner (so focus/reconnect refetch it) and
   * fetches whenever it needs to. `read` gives the response; what it reads tracked decides when
   * the need is checked again. Returns the release.
   */
  activate(endpoint: AnyEndpoint, args: readonly unknown[], key: string, read: () => ResponseView): () => void {
    const unwatch = this.owners.ensure(key).watch(endpoint, args);
    const dispose = effect(() => {
      const r = read();
      // tracked: when a request for the key ends without a write (its callers aborted it, a
      // reset), the view decides again, so it never stays loading with nothing in flight
      const inflight = this.network.isLoading(key);
      // tracked: when a restore ends, the view decides again whether it needs a request
      if (this.gate.restoring) return;
      untracked(() => {
        // a view that needs the response joins the request in flight (it keeps it from being
        // aborted by another caller's signal), or starts one
        const join = inflight && !this.destroyed && needsFetch(r, Date.now());
        if (join || this.wantsFetch(endpoint, args, key, r, Date.now())) void this.fetch(endpoint, args);
      });
    });
    return () => {
      dispose();
      unwatch();
    };
  }

  /**
   * A view of kind `kind` for `endpoint(...args)`: the signal already watched for the same
   * endpoint object, kind and key when there is one (held by the key's owner), else a new one
   * from `fn`. The new signal counts as a watched view, is shared while watched, and runs
   * `onWatch` (its fetch, its polling) while watched.
   */
  viewOf<T>(kind: string, endpoint: AnyEndpoint | null, key: string | null, fn: () => T, onWatch?: () => () => void): ReadonlySignal<T> {
    // nothing to share or start (a query, "not yet"): one pair of callbacks for all such views
    if ((endpoint === null || key === null) && onWatch === undefined) return computed(fn, this.#counted);
    const existing = this.shared<T>(kind, endpoint, key);
    if (existing) return existing;
    let release: (() => void) | undefined;
    const sig: ReadonlySignal<T> = computed(fn, {
      watched: () => {
        this.watchedViews++;
        if (endpoint !== null && key !== null) {
          const views = this.owners.ensure(key).views;
          let byKind = views.get(endpoint);
          if (!byKind) views.set(endpoint, (byKind = new Map()));
          if (!byKind.has(kind)) byKind.set(kind, sig);
        }
        if (onWatch && !this.destroyed) release = onWatch();
      },
      unwatched: () => {
        this.watchedViews--;
        const owner = key === null ? undefined : this.owners.get(key);
        const byKind = endpoint === null ? undefined : owner?.views.get(endpoint);
        if (byKind?.get(kind) === sig) {
          byKind.delete(kind);
          if (byKind.size === 0) owner!.views.delete(endpoint!);
        }
        const r = release;
        release = undefined;
        r?.();
        if (owner) this.owners.releaseIfIdle(owner);
      },
    });
    return sig;
  }

  /** The view of `kind` for `endpoint` at `key` that is watched now, if any. */
  shared<T>(kind: string, endpoint: AnyEndpoint | null, key: string | null): ReadonlySignal<T> | undefined {
    if (endpoint === null || key === null) return undefined;
    return this.owners.get(key)?.views.get(endpoint)?.get(kind) as ReadonlySignal<T> | undefined;
  }
}
