import { depsUnchanged, type DenormalizeCache, type ListCells } from '../schema/DenormalizeCache.js';
import { Entity } from '../schema/Entity.js';
import type { DenormalizeReader } from '../schema/protocol.js';
import { pkString } from '../schema/visit.js';

/** An entity class whose `denormalize` is Entity's own, so its cache entries are keyed by the class. */
function isPlainEntity(schema: unknown): schema is typeof Entity {
  return typeof schema === 'function' && (schema as typeof Entity).denormalize === Entity.denormalize && typeof (schema as typeof Entity).key === 'string';
}

/**
 * The denormalized entity `schema` at primary key `pk` as the cache already holds it (a list
 * that showed it built it), without starting a denormalize: the stored row and every dependency
 * of the cached value are read through `reader` exactly as a denormalize that finds the entry
 * reads them (tracked, when `reader` is), and the entry is used only when none of them changed.
 * `undefined` when there is no such entry (then denormalize as usual): not an entity class with
 * Entity's own `denormalize`, lens-scoped (its entries are keyed by the scope), missing, stale.
 *
 * @example
 * const hit = cachedEntity(Article, 'a1', store.tracked, store.cache, store.lists);
 */
export function cachedEntity(schema: unknown, pk: unknown, reader: DenormalizeReader, cache: DenormalizeCache, lists: ListCells | undefined): unknown {
  const key = pkString(pk);
  if (key === undefined || !isPlainEntity(schema)) return undefined;
  const stored = reader.getEntity(schema.key, key);
  if (typeof stored !== 'object' || stored === null) return undefined;
  const hit = cache.lookup(stored, schema);
  // the entry is keyed by `stored`, its own first dep, which was just read above
  return hit !== undefined && depsUnchanged(hit.deps, reader, lists, 3) ? hit.result : undefined;
}

/**
 * `cachedEntity` for a query of `schema` by `args` that names the entity by its primary key alone
 * (`client.query(Article, 'a1')`, what a row's `useEntity` asks), when `schema` finds entities by
 * pk as Entity's own `queryKey` does: the same answer as the query, without inferring its result.
 *
 * @example
 * const hit = cachedEntityOf(Article, ['a1'], store.tracked, store.cache, store.lists);
 */
export function cachedEntityOf(schema: unknown, args: readonly unknown[], reader: DenormalizeReader, cache: DenormalizeCache, lists: ListCells | undefined): unknown {
  if (args.length !== 1 || !isPlainEntity(schema) || schema.queryKey !== Entity.queryKey) return undefined;
  return cachedEntity(schema, args[0], reader, cache, lists);
}
