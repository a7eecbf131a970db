import { depsUnchanged, type DenormalizeCache, type ListCells } from '../schema/DenormalizeCache.js';
import { Entity } from '../schema/Entity.js';
import type { DenormalizeReader } from '../schema/protocol.js';

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
  if ((typeof pk !== 'string' && typeof pk !== 'number') || !isPlainEntity(schema)) return undefined;
  const stored = reader.getEntity(schema.key, String(pk));
  if (typeof stored !== 'object' || stored === null) return undefined;
  const hit = cache.lookup(stored, schema);
  // the entry is keyed by `stored`, its own first dep, which was just read above
  return hit !== undefined && depsUnchanged(hit.deps, reader, lists, 3) ? hit.result : undefined;
}
