import type { DenormalizeNullable } from './types.js';
/**
 * The schema protocol: how a schema normalizes a reply into entity writes and denormalizes a
 * normalized value back by reading entities. It is the seam between the pure schema layer and
 * the signal store, so it knows nothing of signals: the store supplies readers whose reads
 * happen to be tracked signal reads.
 *
 * Invariants every schema keeps:
 * - normalize never mutates its input and never writes to the store: it returns a write-set,
 *   and the store commits it in one batch (or not at all, when normalize throws).
 * - denormalize reads entities only through the delegate, so a computed that denormalizes
 *   tracks exactly the entity cells it showed.
 * - entity tables are `Map`s: a primary key such as `"__proto__"` is an ordinary key.
 */

/**
 * Marks an entity removed by `Invalidate` (or refused by its `validate`), as data-client's
 * `INVALID`: the pure `denormalize` gives it for such an entity, lists skip it, and a store's
 * reads show `undefined` instead.
 *
 * @example
 * denormalize(User, '5', normalize(new Invalidate(User), { id: 5 }).entities) === INVALID; // true
 */
// a registered symbol: two copies of the library (an ESM app and a CommonJS helper) agree on it.
// Its key is data-client's description, 'INVALID', so it prints as `Symbol(INVALID)` there and
// here (snapshots written against data-client match); a namespaced key would print differently
export const INVALID: unique symbol = Symbol.for('INVALID');
export type Invalid = typeof INVALID;

/**
 * Brands a `Values` schema, so `Collection` tells a map from a list without importing `Values`:
 * an app whose collections are all lists does not load it. Registered, as `INVALID`, so two
 * copies of the library agree. (An `instanceof` would keep the class in every app's bundle.)
 */
export const VALUES_SCHEMA: unique symbol = Symbol.for('rest-signals.Values');

/**
 * Brands a schema whose lookup is found with some of its members missing (`Query`: its callback
 * runs with the members that exist). The store takes such a key as found unless it is undefined
 * or `INVALID`; every other key must have all its lookups found. A brand instead of `instanceof
 * Query`, so an app that never builds a `Query` does not load it.
 */
export const PARTIAL_LOOKUP: unique symbol = Symbol.for('rest-signals.partialLookup');

/** When the data of one entity was fetched and when it expires (ms since epoch). */
export interface EntityMeta {
  /** When the request that produced this data started: the order in which replies win. */
  readonly date: number;
  /** When the reply was received. */
  readonly fetchedAt: number;
  readonly expiresAt: number;
}

/** Read access to stored entities, for merging during normalize and for `queryKey`. */
export interface EntityReader {
  /** The stored normalized entity (plain object, or array for a Collection), `INVALID`, or undefined. */
  getEntity(key: string, pk: string): unknown;
  getMeta(key: string, pk: string): EntityMeta | undefined;
  /** Calls `fn` for each stored pk of `key` (Collections find the lists a push adds to). */
  forEachPk(key: string, fn: (pk: string) => void): void;
  /** The pk stored under `Entity.indexes` field `field` with value `value`. */
  getIndex(key: string, field: string, value: string): string | undefined;
}

/** What normalize hands the store: nothing is written until the store commits this. */
export interface WriteSet {
  /** The normalized result (pks and normalized containers in place of entities). */
  result: unknown;
  /** key → pk → merged normalized value (or INVALID). Merged already with what the reader held. */
  entities: Map<string, Map<string, unknown>>;
  /** key → pk → meta of each written entity, except those whose meta is `common`. */
  meta: Map<string, Map<string, EntityMeta>>;
  /**
   * The meta of every written entity without an entry in `meta` (the write's own meta, which most
   * entities of a reply keep): one object instead of one Map entry per entity. Undefined: every
   * written entity has its entry.
   */
  common?: EntityMeta;
  /** key → the entity-like schema that wrote it (for indexes and GC). */
  schemas: Map<string, EntityLike>;
}

/** Read access for denormalize and queries. In the store each read is a tracked signal read. */
export interface DenormalizeReader {
  getEntity(key: string, pk: string): unknown;
  /** Every live pk of `key` (for `All`); tracked on the key's membership. */
  getPks(key: string): readonly string[];
  getIndex(key: string, field: string, value: string): string | undefined;
}

/** The static side of an Entity class (or a Collection instance) as the store sees it. */
export interface EntityLike {
  readonly key: string;
  readonly indexes?: readonly string[];
}

/**
 * What `getOptimisticResponse(snapshot, ...args)` may read: the state beneath this optimistic
 * layer (the server state plus every earlier pending layer). Implemented by the store.
 */
export interface SnapshotInterface {
  /** Entity / index / `Query` / `All` lookup, as `controller.get`. */
  get<S>(schema: S, ...args: readonly unknown[]): DenormalizeNullable<S>;
  /** As `controller.getResponse`, against this snapshot. */
  getResponse(endpoint: unknown, ...args: readonly unknown[]): { data: unknown; expiryStatus: unknown; expiresAt: number };
  getError(endpoint: unknown, ...args: readonly unknown[]): Error | undefined;
  /** When this snapshot was taken (ms). */
  readonly fetchedAt: number;
  /** Throw this from `getOptimisticResponse` to skip the optimistic layer (no optimistic data). */
  readonly abort: Error;
}
