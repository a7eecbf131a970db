import { computed, effect, untracked, type ReadonlySignal } from '@preact/signals-core';
import type { AnyEndpoint, Controller } from '../controller/Controller.js';
import type { ManagerContext } from '../controller/ManagerContext.js';
import { needsFetch, readResponse } from '../store/readResponse.js';
import type { Store } from '../store/Store.js';
import type { ResponseView } from '../store/views.js';

const noop = (): void => {};

/**
 * What every view of one client reads: its store, controller and gate, and the counters `stats()`
 * reports. The views (one file per kind) are thin watchers over the store's result owners; when a
 * view fetches is decided here alone (`wantsFetch`, `activate`).
 */
export type ViewContext = ReturnType<typeof viewContext>;

/** The context of one client's views (closures, so a view reads local names, not properties). */
export function viewContext(store: Store, controller: Controller, gate: ManagerContext['gate']) {
  const { owners } = store;
  let watchedViews = 0;
  let destroyed = false;
  // the watch callbacks of a view that is neither shared nor starts anything: it is only counted
  const counted = { watched: (): void => void watchedViews++, unwatched: (): void => void watchedViews-- };
  /** Starts (or joins) the request of `endpoint(...args)`; its outcome is recorded for the views. */
  const fetch = (endpoint: AnyEndpoint, args: readonly unknown[]): Promise<void> =>
    controller.fetch(endpoint, ...(args as Parameters<AnyEndpoint>)).then(noop, noop);
  /**
   * The one rule for when a view starts a fetch: its response is missing, invalid or stale, no
   * request for its key is in flight, no restore runs (it may answer the view), and the committed
   * state needs it too (data hidden only by a pending optimistic layer, such as an optimistic
   * delete, is not refetched: the mutation's reply settles it).
   */
  const wantsFetch = (endpoint: AnyEndpoint, args: readonly unknown[], key: string, r: ResponseView, now: number): boolean => {
    if (destroyed || gate.value?.restoring || !needsFetch(r, now) || owners.isInflight(key)) return false;
    return store.layerCount === 0 || needsFetch(readResponse(store, endpoint, args, key, store.committed), now);
  };
  /** The view of `kind` for `endpoint` at `key` that is watched now, if any. */
  const shared = <T>(kind: string, endpoint: AnyEndpoint | null, key: string | null): ReadonlySignal<T> | undefined =>
    endpoint === null || key === null ? undefined : (owners.get(key)?.view(endpoint, kind) as ReadonlySignal<T> | undefined);
  return {
    store,
    controller,
    gate,
    fetch,
    wantsFetch,
    shared,
    /**
     * While a view is watched: it watches its key's owner (so focus/reconnect refetch it) and
     * fetches whenever it needs to. `read` gives the response; what it reads tracked decides when
     * the need is checked again. Returns the release.
     */
    activate(endpoint: AnyEndpoint, args: readonly unknown[], key: string, read: () => ResponseView): () => void {
      const unwatch = owners.ensure(key).watch(endpoint, args);
      const dispose = effect(() => {
        const r = read();
        // tracked: when a request for the key ends without a write (its callers aborted it, a
        // reset), the view decides again, so it never stays loading with nothing in flight
        const inflight = owners.ensure(key).loading;
        // tracked: when a restore ends, the view decides again whether it needs a request
        if (gate.value?.restoring) return;
        untracked(() => {
          // a view that needs the response joins the request in flight (it keeps it from being
          // aborted by another caller's signal), or starts one
          const now = Date.now();
          if ((inflight && !destroyed && needsFetch(r, now)) || wantsFetch(endpoint, args, key, r, now)) void fetch(endpoint, args);
        });
      });
      return () => {
        dispose();
        unwatch();
      };
    },
    /**
     * A new view of kind `kind` for `endpoint(...args)` from `fn` (each view kind first asks
     * `shared` for one already watched): it counts as a watched view, is shared while watched (held
     * by the key's owner), and runs `onWatch` (its fetch, its polling) while watched.
     */
    viewOf<T>(kind: string, endpoint: AnyEndpoint | null, key: string | null, fn: () => T, onWatch?: () => () => void): ReadonlySignal<T> {
      // nothing to share or start (a query, "not yet"): one pair of callbacks for all such views
      if ((endpoint === null || key === null) && onWatch === undefined) return computed(fn, counted);
      let release: (() => void) | undefined;
      const sig: ReadonlySignal<T> = computed(fn, {
        watched() {
          watchedViews++;
          if (endpoint !== null && key !== null) owners.ensure(key).share(endpoint, kind, sig);
          if (onWatch && !destroyed) release = onWatch();
        },
        unwatched() {
          watchedViews--;
          const r = release;
          release = undefined;
          r?.();
          if (key !== null) owners.get(key)?.unshare(sig);
        },
      });
      return sig;
    },
    /** How many client views are watched now. */
    watchedViews: (): number => watchedViews,
    /** Stops every view from starting anything (the client is destroyed). */
    destroy(): void {
      destroyed = true;
    },
  };
}
