import { INVALID, type EntityMeta, type EntityReader } from './protocol.js';
import { normalizeToWriteSet } from './normalizeToWriteSet.js';
import { getOwn, isRecord, table } from './own.js';

/** The output of `normalize`: every table is a prototype-less object, so any pk is an ordinary key. */
export interface NormalizedData<R = unknown> {
  result: R;
  /** key → pk → normalized entity (or `INVALID`). */
  entities: Record<string, Record<string, unknown>>;
  /** key → indexed field → value → pk. */
  indexes: Record<string, Record<string, Record<string, string>>>;
  /** key → pk → when it was fetched and expires. */
  entitiesMeta: Record<string, Record<string, EntityMeta>>;
}

const EMPTY_READER: EntityReader = {
  getEntity: () => undefined,
  getMeta: () => undefined,
  forEachPk: () => undefined,
  getIndex: () => undefined,
};

/**
 * Normalizes `input` against `schema` on its own (no store): the normalized result plus the
 * entity tables, in data-client's shape. Throws `SchemaError` when the reply does not fit.
 *
 * @example
 * const { result, entities } = normalize([User], [{ id: 1, name: 'Ann' }]);
 * result; // ['1']
 * entities.User['1']; // { id: 1, name: 'Ann' }
 */
export function normalize(schema: unknown, input: unknown, args: readonly unknown[] = []): NormalizedData {
  const now = Date.now();
  const writes = normalizeToWriteSet(schema, input, args, EMPTY_READER, { date: now, fetchedAt: now, expiresAt: Infinity });
  const entities = table<Record<string, unknown>>();
  const entitiesMeta = table<Record<string, EntityMeta>>();
  const indexes = table<Record<string, Record<string, string>>>();
  for (const [key, byPk] of writes.entities) {
    const t = (entities[key] = table<unknown>());
    for (const [pk, v] of byPk) t[pk] = v;
    const m = (entitiesMeta[key] = table<EntityMeta>());
    for (const [pk, meta] of writes.meta.get(key) ?? []) m[pk] = meta;
    const fields = writes.schemas.get(key)?.indexes;
    if (!fields?.length) continue;
    const byField = (indexes[key] = table<Record<string, string>>());
    for (const field of fields) {
      const byValue = (byField[field] = table<string>());
      for (const [pk, v] of byPk) {
        if (v === INVALID || !isRecord(v)) continue;
        const value = getOwn(v, field);
        if (value !== undefined && value !== null) byValue[String(value)] = pk;
      }
    }
  }
  return { result: writes.result, entities, indexes, entitiesMeta };
}
