import { INVALID, type DenormalizeReader, type WriteSet } from './protocol.js';
import { denormalizeCached } from './denormalizeCached.js';
import { DenormalizeCache } from './DenormalizeCache.js';
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
    new DenormalizeCache(),
  );
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
