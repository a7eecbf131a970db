import type { DenormalizeCache, ListCells } from '../schema/DenormalizeCache.js';
import { Entity } from '../schema/Entity.js';
import type { DenormalizeReader } from '../schema/protocol.js';
import { pkString } from '../schema/visit.js';

/**
 * The answer of a query of `schema` by `args` naming an entity by its primary key alone
 * (`client.query(Article, 'a1')`, what a row's `useEntity` asks) as the cache already holds it
 * (a list that showed the entity built it), without inferring a result or starting a denormalize.
 * The stored row and every dependency of the cached value are read through `reader` exactly as a
 * denormalize that finds the entry reads them (tracked, when `reader` is), and the entry is used
 * only when none of them changed. `undefined` when there is no such entry (then query as usual):
 * a class whose `queryKey` or `denormalize` is not Entity's own, lens-scoped (its entries are keyed
 * by the scope), missing, stale.
 *
 * @example
 * const hit = cachedEntityOf(Article, ['a1'], store.tracked, store.cache, store.lists);
 */
export function cachedEntityOf(schema: unknown, args: readonly unknown[], reader: DenormalizeReader, cache: DenormalizeCache, lists: ListCells | undefined): unknown {
  const pk = args.length === 1 ? pkString(args[0]) : undefined;
  const cls = schema as typeof Entity;
  if (pk === undefined || typeof schema !== 'function' || cls.denormalize !== Entity.denormalize || cls.queryKey !== Entity.queryKey) return undefined;
  const stored = reader.getEntity(cls.key, pk);
  if (typeof stored !== 'object' || stored === null) return undefined;
  // the entry's own first dep is `stored`, which was just read above
  return cache.valid(cls.key, pk, stored, cls, reader, lists)?.result;
}
