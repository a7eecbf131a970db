import type { ReadonlySignal } from '@preact/signals-core';
import { checkPollFrequency, Controller, type AnyEndpoint, type DataOf } from './controller/Controller.js';
import { getDefaultManagers } from './controller/getDefaultManagers.js';
import { contextOf } from './controller/ManagerContext.js';
import type { DenormalizeNullable } from './schema/types.js';
import type { Manager } from './controller/Manager.js';
import { GCPolicy, type GCInterface } from './controller/GCPolicy.js';
import type { State } from './store/serialize.js';
import { Store } from './store/Store.js';
import { ResultOwners } from './controller/ResultOwner.js';
import { cacheView, queryView } from './views/cache.js';
import { dleView, type DLE } from './views/dle.js';
import { suspenseView } from './views/suspense.js';
import { viewContext } from './views/ViewContext.js';

export type { DataOf, DLE };

/**
 * The arguments of an endpoint, or `[null]` meaning "not yet".
 *
 * @example
 * const args: ArgsOf<typeof UserResource.get> = [{ id: 1 }];
 */
export type ArgsOf<E> = (E extends (...args: infer A) => unknown ? A : never) | readonly [null];

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
  /** Running polls and waiting retry backoffs (not the GC's interval). */
  readonly timers: number;
  /** Entities committed, shown by a layer, or awaited by a view. */
  readonly entities: number;
  /** Result cells held. */
  readonly results: number;
  /** Mutations paused (offline or restoring); 0 without the offline gate. */
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
  /**
   * Denormalized data; reading it before data exists throws the pending promise (or the error).
   * With `null` ("not yet") it reads `undefined`, and is typed so.
   */
  suspense<E extends AnyEndpoint, A extends ArgsOf<E> = ArgsOf<E>>(endpoint: E, ...args: A): ReadonlySignal<A extends readonly [null] ? DataOf<E> | undefined : DataOf<E>>;
  /** `{ data, loading, error }`; fetches when missing or stale while watched. */
  dle<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>>;
  /** Denormalized data or undefined; never fetches. */
  cache<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DataOf<E> | undefined>;
  /** An entity-table lookup (`Query`, `All`, `Entity` by pk or index); never fetches. */
  query<S>(queryable: S, ...args: readonly unknown[]): ReadonlySignal<DenormalizeNullable<S>>;
  /** As `dle`, and polls at the endpoint's `pollFrequency` while watched. */
  live<E extends AnyEndpoint>(endpoint: E, ...args: ArgsOf<E>): ReadonlySignal<DLE<DataOf<E>>>;
  /** Counts of live work. */
  stats(): ClientStats;
  /** Stops polling and the GC, aborts requests in flight, releases everything. */
  destroy(): void;
}

/**
 * Creates a store with its Controller and the vanilla signal API. A signal fetches or subscribes
 * while watched; `null` as the only argument means "not yet".
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
  const store = new Store(new ResultOwners());
  const controller = new Controller(store, managers ?? getDefaultManagers(), initialState);
  const gc = gcPolicy ?? new GCPolicy();
  gc.init(controller);
  const { owners, subscriptions, gate } = contextOf(controller);
  let destroyed = false;
  const ctx = viewContext(store, controller, gate);

  return {
    controller,
    suspense: (endpoint, ...args) => suspenseView(ctx, endpoint, args),
    dle: (endpoint, ...args) => dleView(ctx, 'dle', endpoint, args),
    live(endpoint, ...args) {
      checkPollFrequency('live', endpoint, true);
      return dleView(ctx, 'live', endpoint, args);
    },
    cache: (endpoint, ...args) => cacheView(ctx, endpoint, args),
    query: (queryable, ...args) => queryView(ctx, queryable, args),
    stats(): ClientStats {
      return {
        watchedViews: ctx.watchedViews(),
        subscriptions: subscriptions.size,
        inflight: owners.inflight,
        timers: owners.timers,
        entities: store.entities.size,
        results: owners.cells,
        paused: gate.value?.paused ?? 0,
      };
    },
    destroy(): void {
      if (destroyed) return;
      destroyed = true;
      ctx.destroy();
      gc.cleanup();
      controller.cleanup();
    },
  };
}
