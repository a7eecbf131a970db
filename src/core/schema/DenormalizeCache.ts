import type { DenormalizeReader } from './protocol.js';

/**
 * The entities a cached result was built from, flattened into triples
 * `[key0, pk0, stored0, key1, pk1, stored1, ...]`: table key, pk, and the stored value seen.
 * Flat, so a hit is checked in one loop without a tuple per entity.
 */
export type CacheDeps = readonly unknown[];

/**
 * A memoized denormalized entity: the schema that built it, its result, then its deps (see
 * `CacheDeps`, from `ENTRY_DEPS`: itself first, then every entity it embeds). One array per
 * entity, the very array its build collected its deps in: an object `{ schema, result, deps }`
 * beside it was rejected, as it costs a second allocation per entity held, on the first read
 * of every list.
 */
export type CacheEntry = readonly [schema: object, result: unknown, ...deps: unknown[]];

/** Where the deps (`CacheDeps`) of a `CacheEntry` start: `entry[2..4]` is its own entity (key, pk, stored). */
export const ENTRY_DEPS = 2;

/**
 * A memoized whole call (`denormalizeCached` of one normalized input object). `args` is
 * undefined when no schema read the arguments: the result then holds for any arguments.
 */
export interface RootEntry {
  readonly schema: object;
  readonly args: readonly unknown[] | undefined;
  /** Updated in place when the same input is denormalized again with changed deps. */
  result: unknown;
  deps: CacheDeps;
}

/**
 * The key slot of a dep triple `[LIST_CELL, cell, value]`: the result read a list cell of
 * `ListCells` (instead of each entity of that list), and `value` is what the cell held.
 */
export const LIST_CELL: unique symbol = Symbol('list cell');

/**
 * How a reactive store builds long lists incrementally (the store implements it with signals;
 * the schema layer only calls it). `list` returns the denormalized list of `input` together
 * with the few cells the caller must depend on instead of every entity of the list, or
 * undefined to have the list built in one pass. `build(start, end)` denormalizes the entries
 * `start..end` of `input`, dropping missing ones; the implementation calls it per range, so an
 * entity change re-runs only the range that shows it. Ranges are built through `ranges.reader`
 * with `ranges.lists` (the tracked ones, whoever asked), so each range depends on exactly the
 * entities it shows and a list is shared by tracked and untracked reads.
 */
export interface ListCells {
  readonly ranges: { readonly reader: DenormalizeReader; readonly lists: ListCells };
  list(
    input: readonly unknown[],
    item: unknown,
    args: readonly unknown[],
    build: (start: number, end: number) => unknown[],
  ): { readonly out: unknown[]; readonly cells: readonly object[]; readonly values: readonly unknown[] } | undefined;
  /** The current value of `cell` (a tracked read when the reader is tracked). */
  read(cell: object): unknown;
}

/**
 * True while every dep still reads as the same stored value. Each dep is read through
 * `reader.getEntity` (a list cell through `lists.read`), so a computed running the check tracks
 * every entity or list cell the result shows; the loop stops at the first changed one (the
 * rebuild that follows reads what it needs). A list cell dep without `lists` counts as changed:
 * only the reader that made the cell can tell what it holds. `from` skips the first deps (a
 * caller that has just read an entry's own entity passes 3).
 */
export function depsUnchanged(deps: CacheDeps, reader: DenormalizeReader, lists?: ListCells, from = 0): boolean {
  for (let i = from; i < deps.length; i += 3) {
    const key = deps[i];
    if (key === LIST_CELL) {
      if (lists === undefined || lists.read(deps[i + 1] as object) !== deps[i + 2]) return false;
    } else if (reader.getEntity(key as string, deps[i + 1] as string) !== deps[i + 2]) return false;
  }
  return true;
}

/** Options of `DenormalizeCache`. */
export interface DenormalizeCacheOptions {
  /**
   * What a deleted entity (or stored data its `validate` refuses) denormalizes to through this
   * cache. `'INVALID'`, as data-client's normalizr: the `INVALID` symbol, which also invalidates
   * the object literal holding it and the entity whose required field (truthy default) it fills;
   * lists drop it and keep `null`. `'missing'`, what a store's views show: `undefined`, as an
   * undefined field of what holds it; lists drop it and `null`.
   * @default 'INVALID'
   */
  readonly deleted?: 'INVALID' | 'missing';
}

/** Versions of one entity kept per schema: the visible and the committed value may both be read while an optimistic layer is pending. */
const VERSIONS = 2;

/**
 * Memo of denormalized entities, shared by every view of one store. Entries are kept per entity
 * (table key and pk, in plain Maps: replacing an entity's entry writes one Map slot, where a
 * WeakMap keyed by each new stored object would insert a fresh key per update) and hold the
 * result with the stored values of every entity it embeds, transitively, the entity's own stored
 * value first. An entry is reused only while every one of those entities is still the very same
 * stored object; so an unchanged entity denormalizes to the same object in every view and across
 * calls, and a changed entity gives a new object, as does every entity embedding it. At most two
 * versions per entity and schema are kept (the newest), so what the cache holds is bounded by
 * the entities it has built; `forget` drops an entity's entries (a store calls it when it drops
 * the entity). Whole calls on a normalized input object are memoized too (keyed weakly by the
 * input, which is never mutated: the store replaces results, it does not edit them), so an
 * unchanged list costs one pass over its deps.
 *
 * @example
 * const cache = new DenormalizeCache();
 * const a = denormalizeCached(User, '1', [], reader, cache);
 * const b = denormalizeCached([User], ['1'], [], reader, cache);
 * a === b[0]; // true while User 1 is unchanged
 */
export class DenormalizeCache {
  /** True when a deleted entity is `INVALID` and invalidates what requires it (`deleted: 'INVALID'`). */
  readonly invalidPropagates: boolean;
  // one entry per entity as it is (the common case: one schema, one version), an array once a
  // second schema or version is kept: a first render stores one entry per entity, so no array each
  #entries = new Map<string, Map<string, CacheEntry | CacheEntry[]>>();
  #roots = new WeakMap<object, RootEntry | RootEntry[]>();

  constructor(options: DenormalizeCacheOptions = {}) {
    this.invalidPropagates = options.deleted !== 'missing';
  }

  /**
   * The one test of "is this entry still valid": the entry for entity `key`/`pk` built from
   * `stored` by `schema` while every other entity (or list cell) it embeds reads as the very
   * object it was built from. Each dep is read through `reader` (tracked when the reader is), so
   * a computed making the check depends on exactly what the entry shows. The caller has just
   * read `stored` itself through `reader`.
   */
  valid(key: string, pk: string, stored: object, schema: object, reader: DenormalizeReader, lists: ListCells | undefined): CacheEntry | undefined {
    const e = this.lookup(key, pk, stored, schema);
    return e !== undefined && depsUnchanged(e, reader, lists, ENTRY_DEPS + 3) ? e : undefined;
  }

  /** The entry for entity `key`/`pk` built from `stored` by `schema`, without checking its other deps. */
  lookup(key: string, pk: string, stored: object, schema: object): CacheEntry | undefined {
    const held = this.#entries.get(key)?.get(pk);
    if (held === undefined) return undefined;
    // several entries when the first item is an entry (an entry's first item is its schema, never an array)
    if (!Array.isArray(held[0])) return (held as CacheEntry)[0] === schema && (held as CacheEntry)[ENTRY_DEPS + 2] === stored ? (held as CacheEntry) : undefined;
    for (const e of held as CacheEntry[]) if (e[0] === schema && e[ENTRY_DEPS + 2] === stored) return e;
    return undefined;
  }

  /**
   * Records `entry` for entity `key`/`pk` (its deps start with `[key, pk, stored]`): it replaces the
   * entry of the same schema and stored value, else the older of two versions of that schema.
   */
  store(key: string, pk: string, entry: CacheEntry): void {
    let byPk = this.#entries.get(key);
    if (byPk === undefined) this.#entries.set(key, (byPk = new Map()));
    const held = byPk.get(pk);
    if (held === undefined) {
      byPk.set(pk, entry);
      return;
    }
    const list = Array.isArray(held[0]) ? (held as CacheEntry[]) : [held as CacheEntry];
    let same = -1, oldest = -1, versions = 0;
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (e[0] !== entry[0]) continue;
      if (e[ENTRY_DEPS + 2] === entry[ENTRY_DEPS + 2]) same = i;
      if (oldest < 0) oldest = i;
      versions++;
    }
    if (same >= 0) list[same] = entry;
    else {
      // the older version goes (a third version of one entity is rare: `splice` stays off the first render)
      if (versions >= VERSIONS) list.splice(oldest, 1);
      list.push(entry);
    }
    byPk.set(pk, list.length === 1 ? list[0]! : list);
  }

  /** Drops every entry of entity `key`/`pk` (the entity left the store). */
  forget(key: string, pk: string): void {
    const byPk = this.#entries.get(key);
    if (byPk === undefined) return;
    byPk.delete(pk);
    if (byPk.size === 0) this.#entries.delete(key);
  }

  /** The whole-call entry for `input` under `schema` and `args`, without checking its deps. */
  lookupRoot(input: object, schema: unknown, args: readonly unknown[]): RootEntry | undefined {
    const e = findRoot(this.#roots.get(input), schema);
    return e && (e.args === undefined || sameArgs(e.args, args)) ? e : undefined;
  }

  /** Records a whole-call entry (one per input and schema: other arguments replace it; at most `ROOT_SCHEMAS` schemas per input). */
  storeRoot(input: object, entry: RootEntry): void {
    putRoot(this.#roots, input, entry);
  }

  /** Forgets every entry (e.g. when the store is reset). */
  clear(): void {
    this.#entries = new Map();
    this.#roots = new WeakMap();
  }
}

function findRoot(held: RootEntry | RootEntry[] | undefined, schema: unknown): RootEntry | undefined {
  if (held === undefined) return undefined;
  if (!Array.isArray(held)) return held.schema === schema ? held : undefined;
  for (let i = 0; i < held.length; i++) if (held[i]!.schema === schema) return held[i];
  return undefined;
}

function putRoot(map: WeakMap<object, RootEntry | RootEntry[]>, key: object, entry: RootEntry): void {
  const held = map.get(key);
  if (held === undefined || (!Array.isArray(held) && held.schema === entry.schema)) {
    map.set(key, entry);
    return;
  }
  if (!Array.isArray(held)) {
    map.set(key, [held, entry]);
    return;
  }
  const i = held.findIndex(e => e.schema === entry.schema);
  if (i >= 0) held[i] = entry;
  else {
    // a schema written inline (`get([Article], ...)` in a render) is a new object each call: keep
    // the last few, so one long-lived input cannot hold an entry per call
    if (held.length >= ROOT_SCHEMAS) held.shift();
    held.push(entry);
  }
}

/** How many schemas' whole-call entries one input keeps (the oldest goes first). */
const ROOT_SCHEMAS = 4;

/**
 * Whether two argument lists are the same for a memo: the same list, or the same length with
 * each pair of arguments `same` (identity unless told otherwise). Every memo keyed by arguments
 * (whole calls here, long lists, repeated visible reads) compares them with this one function.
 *
 * @example
 * sameArgs([{ id: 1 }], [{ id: 1 }]); // false: not the same objects
 * sameArgs([{ id: 1 }], [{ id: 1 }], shallowEqual); // true
 */
export function sameArgs(a: readonly unknown[], b: readonly unknown[], same: (x: unknown, y: unknown) => boolean = Object.is): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
  return true;
}
