import type { DenormalizeReader } from './protocol.js';

/**
 * The entities a cached result was built from, flattened into triples
 * `[key0, pk0, stored0, key1, pk1, stored1, ...]`: table key, pk, and the stored value seen.
 * Flat, so a hit is checked in one loop without a tuple per entity.
 */
export type CacheDeps = readonly unknown[];

/** A memoized denormalized entity and everything it was built from (itself first). */
export interface CacheEntry {
  readonly schema: object;
  readonly result: unknown;
  readonly deps: CacheDeps;
}

/**
 * A memoized whole call (`denormalizeCached` of one normalized input object). `args` is
 * undefined when no schema read the arguments: the result then holds for any arguments.
 */
export interface RootEntry extends CacheEntry {
  readonly args: readonly unknown[] | undefined;
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

/**
 * Memo of denormalized entities, shared by every view of one store. Entries are keyed by the
 * stored normalized object (a `WeakMap`, so replaced or collected entities free their entry)
 * and hold the result with the stored values of every entity it embeds, transitively. An entry
 * is reused only while every one of those entities is still the very same stored object; so an
 * unchanged entity denormalizes to the same object in every view and across calls, and a
 * changed entity gives a new object, as does every entity embedding it. Whole calls on a
 * normalized input object are memoized the same way (keyed by the input, which is never
 * mutated: the store replaces results, it does not edit them), so an unchanged list costs one
 * pass over its deps.
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
  // one entry per key as it is (the common case: one schema per stored object), an array once a
  // second schema builds the same key: a first render stores one entry per entity, so no array each
  #entries = new WeakMap<object, CacheEntry | CacheEntry[]>();
  #roots = new WeakMap<object, RootEntry | RootEntry[]>();

  constructor(options: DenormalizeCacheOptions = {}) {
    this.invalidPropagates = options.deleted !== 'missing';
  }

  /** The entry for `stored` built by `schema`, without checking its deps. */
  lookup(stored: object, schema: object): CacheEntry | undefined {
    return find(this.#entries.get(stored), schema);
  }

  /** Records `entry` for `stored` (replacing any entry of the same schema). */
  store(stored: object, entry: CacheEntry): void {
    put(this.#entries, stored, entry);
  }

  /** The whole-call entry for `input` under `schema` and `args`, without checking its deps. */
  lookupRoot(input: object, schema: unknown, args: readonly unknown[]): RootEntry | undefined {
    const e = find(this.#roots.get(input), schema);
    return e && (e.args === undefined || sameArgs(e.args, args)) ? e : undefined;
  }

  /** Records a whole-call entry (one per input and schema: other arguments replace it). */
  storeRoot(input: object, entry: RootEntry): void {
    put(this.#roots, input, entry);
  }

  /** Forgets every entry (e.g. when the store is reset). */
  clear(): void {
    this.#entries = new WeakMap();
    this.#roots = new WeakMap();
  }
}

function find<E extends CacheEntry>(held: E | E[] | undefined, schema: unknown): E | undefined {
  if (held === undefined) return undefined;
  if (!Array.isArray(held)) return held.schema === schema ? held : undefined;
  for (let i = 0; i < held.length; i++) if (held[i]!.schema === schema) return held[i];
  return undefined;
}

function put<E extends CacheEntry>(map: WeakMap<object, E | E[]>, key: object, entry: E): void {
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
  else held.push(entry);
}

function sameArgs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
