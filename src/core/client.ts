import { computed, effect, untracked, type ReadonlySignal } from '@preact/signals-core';
import { Controller, type DataOf } from './controller/Controller.js';
import { getDefaultManagers } from './controller/getDefaultManagers.js';
import { internalsOf } from './controller/internal.js';
import type { DenormalizeNullable } from './schema/types.js';
import type { Manager } from './controller/Manager.js';
import type { EndpointInstance } from './rest/EndpointInterface.js';
import { GCPolicy, type GCInterface } from './store/GCPolicy.js';
import { isUsable, needsFetch, visibleError } from './store/readResponse.js';
import { ExpiryStatus } from './store/types.js';
import { hydrateState, type State } from './store/serialize.js';
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
  /** Polling timers running. */
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
    throw new TypeError(`createDataClient: option managers must be an array, got ${typeof managers}`);
  }
  if (gcPolicy !== undefined && (typeof gcPolicy !== 'object' || typeof gcPolicy.init !== 'function')) {
    throw new TypeError('createDataClient: option gcPolicy must have init() and cleanup()');
  }
  const store = new Store();
  if (initialState !== undefined) hydrateState(store, initialState);
  const controller = new Controller(store, managers ?? getDefaultManagers());
  const gc = gcPolicy ?? new GCPolicy();
  gc.init(store);
  const { network, subscriptions, active, gate } = internalsOf(controller);
  const shared = new Map<string, ReadonlySignal<unknown>>();
  let watchedViews = 0;
  let destroyed = false;

  const keyOf = (endpoint: AnyEndpoint, args: readonly unknown[]): string | null =>
    args.length === 1 && args[0] === null ? null : endpoint.key(...args);

  /** While watched: registers for focus/reconnect refetch and fetches whenever the view needs it. */
  function activate(endpoint: AnyEndpoint, args: readonly unknown[], key: string, view: ReadonlySignal<ResponseView>): () => void {
    let entry = active.get(key);
    if (!entry) active.set(key, (entry = { endpoint, args, count: 0 }));
    entry.count++;
    const registered = entry;
    const dispose = effect(() => {
      const r = view.value;
      // while a restore runs, wait for it: it may answer this view without a request
      if (destroyed || gate.restoring || !needsFetch(r, Date.now())) return;
      untracked(() => {
        if (!network.isInflight(key)) controller.fetch(endpoint, ...(args as Parameters<AnyEndpoint>)).catch(noop);
      });
    });
    return () => {
      dispose();
      if (--registered.count === 0 && active.get(key) === registered) active.delete(key);
    };
  }

  function sharedSignal<T>(cacheKey: string | null): ReadonlySignal<T> | undefined {
    return cacheKey === null ? undefined : (shared.get(cacheKey) as ReadonlySignal<T> | undefined);
  }

  function view<T>(cacheKey: string | null, fn: () => T, onWatch?: () => () => void): ReadonlySignal<T> {
    let release: (() => void) | undefined;
    const sig: ReadonlySignal<T> = computed(fn, {
      watched() {
        watchedViews++;
        if (cacheKey !== null && !shared.has(cacheKey)) shared.set(cacheKey, sig);
        if (onWatch && !destroyed) release = onWatch();
      },
      unwatched() {
        watchedViews--;
        if (cacheKey !== null && shared.get(cacheKey) === sig) shared.delete(cacheKey);
        const r = release;
        release = undefined;
        r?.();
      },
    });
    return sig;
  }

  function dleView<E extends AnyEndpoint>(kind: string, endpoint: E, args: readonly unknown[], poll: boolean): ReadonlySignal<DLE<DataOf<E>>> {
    const key = keyOf(endpoint, args);
    const cacheKey = key === null ? null : `${kind}\u0000${key}`;
    const existing = sharedSignal<DLE<DataOf<E>>>(cacheKey);
    if (existing) return existing;
    const resp = responseView(store, endpoint, args, key);
    let prev: DLE<DataOf<E>> | undefined;
    return view(
      cacheKey,
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
            const stop = activate(endpoint, args, key, resp);
            if (!poll || endpoint.pollFrequency === undefined) return stop;
            controller.subscribe(endpoint, ...(args as Parameters<E>));
            return () => {
              stop();
              controller.unsubscribe(endpoint, ...(args as Parameters<E>));
            };
          },
    );
  }

  return {
    controller,
    suspense<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DataOf<E>> {
      const key = keyOf(endpoint, args);
      const cacheKey = key === null ? null : `suspense\u0000${key}`;
      const existing = sharedSignal<DataOf<E>>(cacheKey);
      if (existing) return existing;
      const resp = responseView(store, endpoint, args, key);
      return view(
        cacheKey,
        () => {
          const r = resp.value;
          if (key === null) return undefined as DataOf<E>;
          // as data-client's useSuspense: missing, invalid or expired (data or error) starts a fetch;
          // the view waits for it unless it has data it may show meanwhile; a fresh error is thrown
          const now = Date.now();
          const usable = isUsable(r, now);
          if (!r.viewError && !usable && gate.restoring) {
            const restored = gate.restored;
            store.viewThrows.add(restored);
            throw restored;
          }
          if (!r.viewError && !gate.restoring && needsFetch(r, now)) {
            const pending = untracked(() => controller.fetch(endpoint, ...(args as unknown as Parameters<E>))).then(noop, noop);
            if (!usable || r.expiryStatus !== ExpiryStatus.Valid) {
              store.viewThrows.add(pending);
              throw pending;
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
        key === null ? undefined : () => activate(endpoint, args, key, resp),
      );
    },
    dle<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>> {
      return dleView('dle', endpoint, args, false);
    },
    live<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>> {
      return dleView('live', endpoint, args, true);
    },
    cache<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DataOf<E> | undefined> {
      const key = keyOf(endpoint, args);
      const cacheKey = key === null ? null : `cache\u0000${key}`;
      const existing = sharedSignal<DataOf<E> | undefined>(cacheKey);
      if (existing) return existing;
      // nothing but this view reads the response: computed inline, without a computed of its own
      const read = responseReader(store, endpoint, args, key);
      return view(cacheKey, () => {
        const r = read();
        if (r.viewError) {
          store.viewThrows.add(r.viewError);
          throw r.viewError;
        }
        return r.data as DataOf<E> | undefined;
      });
    },
    query<S>(queryable: S, ...args: readonly unknown[]): ReadonlySignal<DenormalizeNullable<S>> {
      return view(null, queryReader(store, queryable, args)) as ReadonlySignal<DenormalizeNullable<S>>;
    },
    stats(): ClientStats {
      let results = 0;
      store.forEachResult(() => results++);
      return {
        watchedViews,
        subscriptions: subscriptions.size,
        inflight: network.inflight,
        timers: subscriptions.size,
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
