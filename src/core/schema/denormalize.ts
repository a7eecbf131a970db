import { INVALID, type DenormalizeReader, type WriteSet } from './protocol.js';
import { denormalizeCached } from './denormalizeCached.js';
import { DenormalizeCache, ENTRY_DEPS, type CacheEntry } from './DenormalizeCache.js';
import { getOwn, isRecord } from './own.js';

/**
 * Builds the data of a normalized `input` from plain entity tables (as `normalize` returns
 * them), with data-client's values: entities become class instances, a missing one is
 * undefined, and a deleted one (or stored data `validate` refuses) is `INVALID`, which lists
 * drop and which makes the object literal or the entity requiring it `INVALID` too (see
 * `DenormalizeCache`'s `deleted` option). A store's views show `undefined` instead.
 *
 * It is the store's denormalize (`denormalizeCached`) with a cache of its own for the call, so
 * a pure call and a store's view build the same values; the cache is dropped with the call.
 * (A direct endpoint call does the same with the store's cache class, `denormalizeWrites`: an
 * app that never calls `denormalize` does not ship `SnapshotCache`.)
 *
 * @example
 * const { result, entities } = normalize([User], reply);
 * const users = denormalize([User], result, entities); // User[]
 * denormalize(User, '1', { User: { 1: INVALID } }); // INVALID
 */
export function denormalize(
  schema: unknown,
  input: unknown,
  entities: Record<string, Record<string, unknown>>,
  args: readonly unknown[] = [],
): unknown {
  const tableOf = (key: string): Record<string, unknown> | undefined => {
    const t = getOwn(entities, key);
    return isRecord(t) ? t : undefined;
  };
  return denormalizeCached(
    schema,
    input,
    args,
    tablesReader(
      (key, pk) => {
        const t = tableOf(key);
        return t ? getOwn(t, pk) : undefined;
      },
      key => Object.keys(tableOf(key) ?? {}),
    ),
    new SnapshotCache(),
  );
}

/**
 * The cache of one pure call: the tables do not change during it, so a stored object is one
 * entity and its entry is found by that object alone (no table key or pk hashed per entity, as
 * the store's cache must, whose entries outlive each stored object). Only entries the call
 * itself made are ever looked up, so none is stale. A second schema over the same stored object
 * replaces the entry (the walk then builds it again).
 */
class SnapshotCache extends DenormalizeCache {
  readonly #byStored = new Map<object, CacheEntry>();
  override lookup(_key: string, _pk: string, stored: object, schema: object): CacheEntry | undefined {
    const e = this.#byStored.get(stored);
    return e !== undefined && e[0] === schema ? e : undefined;
  }
  override store(_key: string, _pk: string, entry: CacheEntry): void {
    this.#byStored.set(entry[ENTRY_DEPS + 2] as object, entry);
  }
}

/**
 * The value a direct endpoint call resolves to: `writes` (a reply normalized on its own, over
 * `EMPTY_READER`) denormalized through the store's denormalize, as `denormalize` does for plain
 * tables. A deleted entity gives `INVALID`.
 *
 * @example
 * const writes = normalizeToWriteSet(User, reply, [], EMPTY_READER, meta);
 * denormalizeWrites(User, writes, []); // a User
 */
export function denormalizeWrites(schema: unknown, writes: WriteSet, args: readonly unknown[]): unknown {
  const t = writes.entities;
  return denormalizeCached(
    schema,
    writes.result,
    args,
    tablesReader(
      (key, pk) => t.get(key)?.get(pk),
      key => t.get(key)?.keys() ?? [],
    ),
    new DenormalizeCache(),
  );
}

/**
 * A reader over tables that keep no index: `getPks` lists the live pks, `getIndex` finds the
 * first entity whose field holds the value (data-client's pure `denormalize` has no index
 * tables either).
 */
function tablesReader(getEntity: (key: string, pk: string) => unknown, pksOf: (key: string) => Iterable<string>): DenormalizeReader {
  return {
    getEntity,
    getPks: key => {
      const out: string[] = [];
      for (const pk of pksOf(key)) {
        const e = getEntity(key, pk);
        if (e !== undefined && e !== INVALID) out.push(pk);
      }
      return out;
    },
    getIndex: (key, field, value) => {
      for (const pk of pksOf(key)) {
        const e = getEntity(key, pk);
        if (isRecord(e) && String(getOwn(e, field)) === value) return pk;
      }
      return undefined;
    },
  };
}
