import type { Store } from '../store/Store.js';
import type { Controller } from './Controller.js';
import { GC } from './actionTypes.js';
import { contextOf } from './ManagerContext.js';

/**
 * Options of `GCPolicy`; every field has a default.
 *
 * @example
 * new GCPolicy({ intervalMS: 60_000, expiryMultiplier: 3 } satisfies GCOptions);
 */
export interface GCOptions {
  /**
   * How often the sweep runs.
   * @default 300000 (5 minutes)
   */
  readonly intervalMS?: number;
  /**
   * Data unwatched for longer than its own lifetime (`expiresAt - fetchedAt`) times this is released.
   * @default 2
   */
  readonly expiryMultiplier?: number;
}

/**
 * What `createDataClient({ gcPolicy })` accepts: started with the client's controller (as in
 * `@data-client/core`), stopped on destroy.
 *
 * @example
 * const policy: GCInterface = new ImmortalGCPolicy();
 */
export interface GCInterface {
  init(controller: Controller): void;
  cleanup(): void;
  /** How many timers the policy holds now (for `client.stats().timers`). @default 0 */
  readonly timers?: number;
}

/**
 * Releases unwatched entities and results past `fetchedAt + lifetime × expiryMultiplier`.
 * "Watched" is the signal having a subscriber: no reference counts; writes never pay for GC.
 *
 * @example
 * createDataClient({ gcPolicy: new GCPolicy({ intervalMS: 60_000, expiryMultiplier: 3 }) });
 */
export class GCPolicy implements GCInterface {
  readonly #intervalMS: number;
  readonly #multiplier: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #controller: Controller | undefined;
  #store: Store | undefined;

  constructor({ intervalMS = 300_000, expiryMultiplier = 2 }: GCOptions = {}) {
    if (!(intervalMS > 0)) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production' ? `GCPolicy: option intervalMS must be a positive number, got ${String(intervalMS)}` : 'GCPolicy: bad-option intervalMS',
      );
    }
    if (!(expiryMultiplier >= 0)) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `GCPolicy: option expiryMultiplier must be a non-negative number, got ${String(expiryMultiplier)}`
          : 'GCPolicy: bad-option expiryMultiplier',
      );
    }
    this.#intervalMS = intervalMS;
    this.#multiplier = expiryMultiplier;
  }

  /** Armed lazily on a store change; an empty store holds no timer. Node's timer is `unref`ed. */
  init(controller: Controller): void {
    const { store, listen } = contextOf(controller);
    this.#controller = controller;
    this.#store = store;
    this.#unlisten = listen(() => this.#arm());
  }

  #unlisten: (() => void) | undefined;

  #arm(): void {
    if (this.#timer !== undefined || !this.#controller) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.sweep();
      if (this.#store?.holdsAnything) this.#arm();
    }, this.#intervalMS);
    if (typeof this.#timer === 'object' && 'unref' in this.#timer) this.#timer.unref();
  }

  /** 1 while the sweep timer is armed, else 0. */
  get timers(): number {
    return this.#timer === undefined ? 0 : 1;
  }

  cleanup(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#unlisten?.();
    this.#unlisten = undefined;
    this.#controller = this.#store = undefined;
  }

  #graceOver(meta: { fetchedAt: number; expiresAt: number } | undefined, now: number): boolean {
    if (!meta) return true;
    return meta.fetchedAt + Math.max(0, meta.expiresAt - meta.fetchedAt) * this.#multiplier < now;
  }

  /** One sweep now; returns what it released. */
  sweep(now: number = Date.now()): { entities: number; results: number } {
    const controller = this.#controller;
    const store = this.#store;
    if (!controller || !store) return { entities: 0, results: 0 };
    const entities: [string, string][] = [];
    const results: string[] = [];
    store.entities.forEach((key, pk, cell) => {
      if (cell.watched) return;
      // a cell showing an optimistic value belongs to a request still in flight
      if (cell.visible !== cell.committed) return;
      if (cell.committed === undefined || this.#graceOver(cell.meta, now)) entities.push([key, pk]);
    });
    store.forEachResult((key, cell) => {
      if (cell.watched) return;
      const e = cell.sig.peek();
      if (!e || this.#graceOver(e, now)) results.push(key);
    });
    // unwatched index cells that index no entity
    const indexes = store.entities.idleIndexCells();
    // through the managers' middleware, as data-client's GC action
    if (entities.length || results.length || indexes) void controller.dispatch({ type: GC, entities, endpoints: results, indexes: indexes > 0 });
    return { entities: entities.length, results: results.length };
  }
}

/**
 * A GC policy that never releases anything (the store grows with what was fetched).
 *
 * @example
 * createDataClient({ gcPolicy: new ImmortalGCPolicy() });
 */
export class ImmortalGCPolicy implements GCInterface {
  init(): void {}
  cleanup(): void {}
}
