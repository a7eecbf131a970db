/** One entity read a cached result depends on: table key, pk, and the stored value it saw. */
export type CacheDep = readonly [key: string, pk: string, stored: unknown];

/** A memoized denormalized entity and everything it was built from (itself included). */
export interface CacheEntry {
  readonly schema: object;
  readonly result: unknown;
  readonly deps: readonly CacheDep[];
}

/**
 * Memo of denormalized entities, shared by every view of one store. Entries are keyed by the
 * stored normalized object (a `WeakMap`, so replaced or collected entities free their entry)
 * and hold the result with the stored values of every entity it embeds, transitively. An entry
 * is reused only while every one of those entities is still the very same stored object; so an
 * unchanged entity denormalizes to the same object in every view and across calls, and a
 * changed entity gives a new object, as does every entity embedding it.
 *
 * @example
 * const cache = new DenormalizeCache();
 * const a = denormalizeCached(User, '1', [], reader, cache);
 * const b = denormalizeCached([User], ['1'], [], reader, cache);
 * a === b[0]; // true while User 1 is unchanged
 */
export class DenormalizeCache {
  #entries = new WeakMap<object, CacheEntry[]>();

  /** The entry for `stored` built by `schema`, without checking its deps. */
  lookup(stored: object, schema: object): CacheEntry | undefined {
    const list = this.#entries.get(stored);
    if (!list) return undefined;
    for (const e of list) if (e.schema === schema) return e;
    return undefined;
  }

  /** Records `entry` for `stored` (replacing any entry of the same schema). */
  store(stored: object, entry: CacheEntry): void {
    const list = this.#entries.get(stored);
    if (!list) {
      this.#entries.set(stored, [entry]);
      return;
    }
    const i = list.findIndex(e => e.schema === entry.schema);
    if (i >= 0) list[i] = entry;
    else list.push(entry);
  }

  /** Forgets every entry (e.g. when the store is reset). */
  clear(): void {
    this.#entries = new WeakMap();
  }
}
