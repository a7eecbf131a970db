import { computed, effect, untracked, type ReadonlySignal } from '@preact/signals-core';
import type { AnyEndpoint, Controller } from '../controller/Controller.js';
import type { ManagerContext } from '../controller/ManagerContext.js';
import { needsFetch, readResponse } from '../store/readResponse.js';
import type { Store } from '../store/Store.js';
import type { ResponseView } from '../store/views.js';

const noop = (): void => {};

/** What every view of one client reads. When a view fetches is decided here alone (`wantsFetch`, `activate`). */
export type ViewContext = ReturnType<typeof viewContext>;

/** Closures, so a view reads local names, not properties. */
export function viewContext(store: Store, controller: Controller, gate: ManagerContext['gate']) {
  const { owners } = store;
  let watchedViews = 0;
  let destroyed = false;
  // for a view neither shared nor starting anything: only counted
  const counted = { watched: (): void => void watchedViews++, unwatched: (): void => void watchedViews-- };
  /** Starts or joins the request; its outcome is recorded. */
  const fetch = (endpoint: AnyEndpoint, args: readonly unknown[]): Promise<void> =>
    controller.fetch(endpoint, ...(args as Parameters<AnyEndpoint>)).then(noop, noop);
  /**
   * Fetch when the response is missing/invalid/stale, nothing in flight, no restore runs, and the
   * committed state needs it too (data hidden only by an optimistic layer waits for the reply).
   */
  const wantsFetch = (endpoint: AnyEndpoint, args: readonly unknown[], key: string, r: ResponseView, now: number): boolean => {
    if (destroyed || gate.value?.restoring || !needsFetch(r, now) || owners.isInflight(key)) return false;
    return store.layerCount === 0 || needsFetch(readResponse(store, endpoint, args, key, store.committed), now);
  };
  const shared = <T>(kind: string, endpoint: AnyEndpoint | null, key: string | null): ReadonlySignal<T> | undefined =>
    endpoint === null || key === null ? undefined : (owners.get(key)?.view(endpoint, kind) as ReadonlySignal<T> | undefined);
  return {
    store,
    controller,
    gate,
    fetch,
    wantsFetch,
    shared,
    /** While watched: watches its key's owner and fetches when needed (re-checked as `read`'s deps change). */
    activate(endpoint: AnyEndpoint, args: readonly unknown[], key: string, read: () => ResponseView): () => void {
      const unwatch = owners.ensure(key).watch(endpoint, args);
      const dispose = effect(() => {
        const r = read();
        // tracked: a request ending without a write re-decides, so it never stays loading
        const inflight = owners.ensure(key).loading;
        // tracked: a restore ending re-decides
        if (gate.value?.restoring) return;
        untracked(() => {
          // joining keeps the request from another caller's abort
          const now = Date.now();
          if ((inflight && !destroyed && needsFetch(r, now)) || wantsFetch(endpoint, args, key, r, now)) void fetch(endpoint, args);
        });
      });
      return () => {
        dispose();
        unwatch();
      };
    },
    /** A new view, counted and shared (by the key's owner) while watched; runs `onWatch` while watched. */
    viewOf<T>(kind: string, endpoint: AnyEndpoint | null, key: string | null, fn: () => T, onWatch?: () => () => void): ReadonlySignal<T> {
      // nothing to share or start (a query, "not yet")
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
    watchedViews: (): number => watchedViews,
    /** On destroy: no view starts anything. */

    destroy(): void {
      destroyed = true;
    },
  };
}
