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
 * True while every dep still reads as the same stored value. Each dep is read through
 * `reader.getEntity`, so a computed running the check tracks every entity the result shows;
 * the loop stops at the first changed one (the rebuild that follows reads what it needs).
 */
export function depsUnchanged(deps: CacheDeps, reader: DenormalizeReader): boolean {
  for (let i = 0; i < deps.length; i += 3) {
    if (reader.getEntity(deps[i] as string, deps[i + 1] as string) !== deps[i + 2]) return false;
  }
  return true;
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
  #entries = new WeakMap<object, CacheEntry[]>();
  #roots = new WeakMap<object, RootEntry[]>();

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

function find<E extends CacheEntry>(list: E[] | undefined, schema: unknown): E | undefined {
  if (!list) return undefined;
  for (let i = 0; i < list.length; i++) if (list[i]!.schema === schema) return list[i];
  return undefined;
}

function put<E extends CacheEntry>(map: WeakMap<object, E[]>, key: object, entry: E): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [entry]);
    return;
  }
  const i = list.findIndex(e => e.schema === entry.schema);
  if (i >= 0) list[i] = entry;
  else list.push(entry);
}

function sameArgs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
