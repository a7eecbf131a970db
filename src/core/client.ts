import { computed, effect, untracked, type ReadonlySignal } from '@preact/signals-core';
import { Controller, type DataOf } from './controller/Controller.js';
import { getDefaultManagers } from './controller/getDefaultManagers.js';
import { internalsOf } from './controller/internal.js';
import type { DenormalizeNullable } from './schema/types.js';
import type { Manager } from './controller/Manager.js';
import type { EndpointInstance } from './rest/EndpointInterface.js';
import { GCPolicy, type GCInterface } from './store/GCPolicy.js';
import { isUsable, needsFetch, readResponse, visibleError } from './store/readResponse.js';
import { ExpiryStatus } from './store/types.js';
import { hydrateState, type State } from './store/serialize.js';
import { responseSources } from './store/responseSources.js';
import { Store } from './store/Store.js';
import { queryReader, responseReader, responseView, type ResponseView } from './store/views.js';

export type { DataOf };

/**
 * The arguments of an endpoint, or `[null]` meaning "not yet".
 *
 * @example
 * const args: ArgsOf<typeof UserResource.get> = [{ id: 1 }];
 */
export type ArgsOf<E> = (E extends (...args: infer A) => unknown ? A : never) | readonly [null];

/**
 * What `client.dle` and `client.live` hold: the data, whether a request runs, the error.
 *
 * @example
 * const { data, loading, error }: DLE<User> = client.dle(UserResource.get, { id: 1 }).value;
 */
export interface DLE<T> {
  readonly data: T | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
}

/**
 * Counts of live work, for leak tests and devtools.
 *
 * @example
 * expect(client.stats().watchedViews).toBe(0);
 */
export interface ClientStats {
  /** Client signals currently watched. */
  readonly watchedViews: number;
  /** Endpoint keys being polled. */
  readonly subscriptions: number;
  /** Requests in flight. */
  readonly inflight: number;
  /** Timers of live work: polling intervals that run and retry backoffs that wait (the GC's own interval is not counted). */
  readonly timers: number;
  /** Entities held: committed, shown by an optimistic layer, or awaited by a view. */
  readonly entities: number;
  /** Result cells held. */
  readonly results: number;
  /** Mutations paused while offline (or while a restore runs), waiting to be sent in issue order. */
  readonly paused: number;
}

/**
 * Options of `createDataClient`; every field is optional.
 *
 * @example
 * createDataClient({ managers: [new LogoutManager(), ...getDefaultManagers()], initialState: window.__STATE__ });
 */
export interface DataClientOptions {
  /**
   * The managers; when given they REPLACE the defaults.
   * @default getDefaultManagers()
   */
  readonly managers?: readonly Manager[];
  /**
   * When unwatched data is released.
   * @default new GCPolicy()
   */
  readonly gcPolicy?: GCInterface;
  /** A state from `controller.getState()` (SSR, persisted cache) to start from. */
  readonly initialState?: State;
}

/**
 * What `createDataClient` returns: the controller and the vanilla signal API over one store.
 *
 * @example
 * const client: DataClient = createDataClient();
 * client.destroy();
 */
export interface DataClient {
  readonly controller: Controller;
  /** Denormalized data; reading it before data exists throws the pending promise (or the error). */
  suspense<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DataOf<E>>;
  /** `{ data, loading, error }`; fetches when missing or stale while watched. */
  dle<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>>;
  /** Denormalized data or undefined; never fetches. */
  cache<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DataOf<E> | undefined>;
  /** An entity-table lookup (`Query`, `All`, `Entity` by pk or index); never fetches. */
  query<S>(queryable: S, ...args: readonly unknown[]): ReadonlySignal<DenormalizeNullable<S>>;
  /** As `dle`, and polls at the endpoint's `pollFrequency` while watched. */
  live<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>>;
  /** Counts of live work (watched views, polling, requests). */
  stats(): ClientStats;
  /** Stops polling and the GC, aborts requests in flight, releases everything. */
  destroy(): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEndpoint = EndpointInstance<any, any>;

const noop = (): void => {};

/**
 * Creates a store with its Controller and the vanilla signal API. Each signal starts its fetch
 * or subscription when first watched and releases it when its last watcher leaves; `null` as the
 * only argument means "not yet". Signals for the same endpoint key may be shared while watched.
 *
 * @example
 * const client = createDataClient();
 * const user = client.dle(UserResource.get, { id: 1 });
 * const stop = user.subscribe(({ data, loading }) => render(data, loading));
 */
export function createDataClient(options: DataClientOptions = {}): DataClient {
  const { managers, gcPolicy, initialState } = options;
  if (managers !== undefined && !Array.isArray(managers)) {
    throw new TypeError(
      process.env.NODE_ENV !== 'production' ? `createDataClient: option managers must be an array, got ${typeof managers}` : 'createDataClient: bad-option managers',
    );
  }
  if (gcPolicy !== undefined && (typeof gcPolicy !== 'object' || typeof gcPolicy.init !== 'function')) {
    throw new TypeError(process.env.NODE_ENV !== 'production' ? 'createDataClient: option gcPolicy must have init() and cleanup()' : 'createDataClient: bad-option gcPolicy');
  }
  const store = new Store();
  if (initialState !== undefined) hydrateState(store, initialState);
  const controller = new Controller(store, managers ?? getDefaultManagers());
  const gc = gcPolicy ?? new GCPolicy();
  gc.init(store);
  const { network, subscriptions, active, gate } = internalsOf(controller);
  /** Views shared while watched: by endpoint identity, then by kind and key. */
  const shared = new Map<AnyEndpoint, Map<string, ReadonlySignal<unknown>>>();
  let watchedViews = 0;
  let destroyed = false;

  const keyOf = (endpoint: AnyEndpoint, args: readonly unknown[]): string | null =>
    args.length === 1 && args[0] === null ? null : endpoint.key(...args);

  /**
   * The one rule for when a view starts a fetch: its response is missing, invalid or stale, no
   * request for its key is in flight, and the committed state needs it too (data hidden only by a
   * pending optimistic layer, such as an optimistic delete, is not refetched: the mutation's reply
   * settles it).
   */
  function wantsFetch(endpoint: AnyEndpoint, args: readonly unknown[], key: string, r: ResponseView, now: number): boolean {
    // while a restore runs, wait for it: it may answer this view without a request
    if (destroyed || gate.restoring || !needsFetch(r, now) || network.isInflight(key)) return false;
    if (store.layerCount === 0) return true;
    return needsFetch(readResponse(store, endpoint, args, key, store.committed), now);
  }

  /**
   * While watched: registers for focus/reconnect refetch and fetches whenever the view needs it.
   * `read` gives the response; what it reads tracked decides when the need is checked again.
   */
  function activate(endpoint: AnyEndpoint, args: readonly unknown[], key: string, read: () => ResponseView): () => void {
    let entry = active.get(key);
    if (!entry) active.set(key, (entry = { endpoint, args, count: 0 }));
    entry.count++;
    const registered = entry;
    const dispose = effect(() => {
      const r = read();
      // tracked: when a request for the key ends without a write (its callers aborted it, a
      // reset), the view decides again, so it never stays loading with nothing in flight
      const inflight = network.isLoading(key);
      // tracked: when a restore ends, the view decides again whether it needs a request
      if (gate.restoring) return;
      untracked(() => {
        // a view that needs the response joins the request in flight (it keeps it from being
        // aborted by another caller's signal), or starts one
        const join = inflight && !destroyed && needsFetch(r, Date.now());
        if (join || wantsFetch(endpoint, args, key, r, Date.now())) controller.fetch(endpoint, ...(args as Parameters<AnyEndpoint>)).catch(noop);
      });
    });
    return () => {
      dispose();
      if (--registered.count === 0 && active.get(key) === registered) active.delete(key);
    };
  }

  /** The watch callbacks of a view that is neither shared nor starts anything: it is only counted. */
  const countWatched = {
    watched(): void {
      watchedViews++;
    },
    unwatched(): void {
      watchedViews--;
    },
  };

  /**
   * A view of kind `kind` for `endpoint(...args)`: the signal already watched for the same endpoint
   * object, kind and key when there is one, else a new one from `make`. The new signal counts as a
   * watched view, is shared while watched, and runs `onWatch` (its fetch / polling) while watched.
   */
  function viewOf<T>(
    kind: string,
    endpoint: AnyEndpoint | null,
    key: string | null,
    fn: () => T,
    onWatch?: () => () => void,
  ): ReadonlySignal<T> {
    // nothing to share or start (a query, "not yet"): one pair of callbacks for all such views
    if ((endpoint === null || key === null) && onWatch === undefined) return computed(fn, countWatched);
    const shareKey = `${kind}\u0000${key}`;
    const byKey = endpoint === null || key === null ? undefined : shared.get(endpoint);
    const existing = byKey?.get(shareKey);
    if (existing) return existing as ReadonlySignal<T>;
    let release: (() => void) | undefined;
    const sig: ReadonlySignal<T> = computed(fn, {
      watched() {
        watchedViews++;
        if (endpoint !== null && key !== null) {
          let m = shared.get(endpoint);
          if (!m) shared.set(endpoint, (m = new Map()));
          if (!m.has(shareKey)) m.set(shareKey, sig);
        }
        if (onWatch && !destroyed) release = onWatch();
      },
      unwatched() {
        watchedViews--;
        const m = endpoint === null ? undefined : shared.get(endpoint);
        if (m?.get(shareKey) === sig) {
          m.delete(shareKey);
          if (m.size === 0) shared.delete(endpoint!);
        }
        const r = release;
        release = undefined;
        r?.();
      },
    });
    return sig;
  }

  function dleView<E extends AnyEndpoint>(kind: 'dle' | 'live', endpoint: E, args: readonly unknown[]): ReadonlySignal<DLE<DataOf<E>>> {
    const key = keyOf(endpoint, args);
    const existing = key === null ? undefined : shared.get(endpoint)?.get(`${kind}\u0000${key}`);
    if (existing) return existing as ReadonlySignal<DLE<DataOf<E>>>;
    const resp = responseView(store, endpoint, args, key);
    let prev: DLE<DataOf<E>> | undefined;
    return viewOf(
      kind,
      endpoint,
      key,
      () => {
        const r = resp.value;
        let next: DLE<DataOf<E>>;
        if (key === null) next = { data: undefined, loading: false, error: undefined };
        else {
          const error = r.viewError ?? visibleError(r.entry);
          const loading = network.isLoading(key) || (!error && !isUsable(r, Date.now()));
          next = { data: r.data as DataOf<E> | undefined, loading, error };
        }
        if (prev && prev.data === next.data && prev.loading === next.loading && prev.error === next.error) return prev;
        return (prev = next);
      },
      key === null
        ? undefined
        : () => {
            const stop = activate(endpoint, args, key, () => resp.value);
            if (kind !== 'live' || endpoint.pollFrequency === undefined) return stop;
            // its pollFrequency was checked when the view was made (below)
            controller.subscribe(endpoint, ...(args as Parameters<E>)).catch(noop);
            return () => {
              stop();
              controller.unsubscribe(endpoint, ...(args as Parameters<E>)).catch(noop);
            };
          },
    );
  }

  return {
    controller,
    suspense<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DataOf<E>> {
      const key = keyOf(endpoint, args);
      const existing = key === null ? undefined : shared.get(endpoint)?.get(`suspense\u0000${key}`);
      if (existing) return existing as ReadonlySignal<DataOf<E>>;
      const resp = responseView(store, endpoint, args, key);
      const view = viewOf(
        'suspense',
        endpoint,
        key,
        () => {
          const r = resp.value;
          if (key === null) return undefined as DataOf<E>;
          // as data-client's useSuspense: missing, invalid or expired (data or error) starts a fetch;
          // the view waits for it unless it has data it may show meanwhile; a fresh error is thrown
          const now = Date.now();
          const usable = isUsable(r, now);
          if (!r.viewError && !usable && gate.restoring) {
            // a restore is running: it may answer this view without a request
            const restored = gate.restored;
            store.viewThrows.add(restored);
            throw restored;
          }
          if (!r.viewError && needsFetch(r, now)) {
            const fetching = untracked(() => wantsFetch(endpoint, args, key, r, now) || network.isInflight(key));
            if (fetching) {
              const pending = untracked(() => controller.fetch(endpoint, ...(args as unknown as Parameters<E>))).then(noop, noop);
              if (!usable || r.expiryStatus !== ExpiryStatus.Valid) {
                store.viewThrows.add(pending);
                throw pending;
              }
            }
          }
          const error = r.viewError ?? visibleError(r.entry);
          if (error) {
            store.viewThrows.add(error);
            throw error;
          }
          if (usable) return r.data as DataOf<E>;
          const pending = untracked(() => controller.fetch(endpoint, ...(args as unknown as Parameters<E>))).then(noop, noop);
          store.viewThrows.add(pending);
          throw pending;
        },
        key === null ? undefined : () => activate(endpoint, args, key, () => resp.value),
      );
      if (key !== null) {
        // `membersOf` follows this response's membership without watching the view; while it does,
        // the response is still fetched when it needs to be, checked again whenever that membership
        // (or the result) changes, and not on every update of a listed entity
        responseSources.set(view, {
          store,
          schema: endpoint.schema,
          args,
          key,
          watch: track =>
            activate(endpoint, args, key, () => {
              track();
              return untracked(() => resp.value);
            }),
        });
      }
      return view;
    },
    dle<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>> {
      return dleView('dle', endpoint, args);
    },
    live<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>> {
      const frequency = endpoint.pollFrequency;
      if (frequency !== undefined && !(typeof frequency === 'number' && frequency > 0)) {
        throw new TypeError(
          process.env.NODE_ENV !== 'production'
            ? `live: endpoint ${endpoint.name} needs option pollFrequency (ms) > 0, got ${String(frequency)}`
            : `live: ${endpoint.name} bad-option pollFrequency`,
        );
      }
      return dleView('live', endpoint, args);
    },
    cache<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DataOf<E> | undefined> {
      const key = keyOf(endpoint, args);
      const existing = key === null ? undefined : shared.get(endpoint)?.get(`cache\u0000${key}`);
      if (existing) return existing as ReadonlySignal<DataOf<E> | undefined>;
      // nothing but this view reads the response: computed inline, without a computed of its own
      const read = responseReader(store, endpoint, args, key);
      const view = viewOf('cache', endpoint, key, () => {
        const r = read();
        if (r.viewError) {
          store.viewThrows.add(r.viewError);
          throw r.viewError;
        }
        return r.data as DataOf<E> | undefined;
      });
      // what `membersOf` needs to follow this response's membership without watching the view
      if (key !== null) responseSources.set(view, { store, schema: endpoint.schema, args, key });
      return view;
    },
    query<S>(queryable: S, ...args: readonly unknown[]): ReadonlySignal<DenormalizeNullable<S>> {
      return viewOf('query', null, null, queryReader(store, queryable, args)) as ReadonlySignal<DenormalizeNullable<S>>;
    },
    stats(): ClientStats {
      let results = 0;
      store.forEachResult(() => results++);
      return {
        watchedViews,
        subscriptions: subscriptions.size,
        inflight: network.inflight,
        timers: subscriptions.timers + network.timers,
        entities: store.entities.size,
        results,
        paused: gate.paused,
      };
    },
    destroy(): void {
      if (destroyed) return;
      destroyed = true;
      gc.cleanup();
      controller.cleanup();
      shared.clear();
    },
  };
}
