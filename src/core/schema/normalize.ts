import { INVALID, type EntityLike, type EntityMeta, type EntityReader } from './protocol.js';
import { normalizeInto, type EntityTable, type KeyTables } from './normalizeToWriteSet.js';
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
  const entities = table<Record<string, unknown>>();
  const entitiesMeta = table<Record<string, EntityMeta>>();
  // An indexed type is walked into Maps and copied afterwards, so its index is built in
  // write order (the last entity with a value wins); every other type is written straight
  // into the returned records.
  const indexed: Array<[EntityLike, Map<string, unknown>, Map<string, EntityMeta>]> = [];
  const tables = (s: EntityLike): KeyTables => {
    if (s.indexes?.length) {
      entities[s.key] = table<unknown>();
      entitiesMeta[s.key] = table<EntityMeta>();
      const t = new Map<string, unknown>();
      const m = new Map<string, EntityMeta>();
      indexed.push([s, t, m]);
      return { entities: t, meta: m };
    }
    const t = new RecordTable<unknown>();
    const m = new RecordTable<EntityMeta>();
    entities[s.key] = t.record;
    entitiesMeta[s.key] = m.record;
    return { entities: t, meta: m };
  };
  const result = normalizeInto(schema, input, args, EMPTY_READER, { date: now, fetchedAt: 0, expiresAt: Infinity }, false, tables);
  const indexes = table<Record<string, Record<string, string>>>();
  for (const [s, byPk, metas] of indexed) {
    const t = entities[s.key]!;
    for (const [pk, v] of byPk) t[pk] = v;
    const m = entitiesMeta[s.key]!;
    for (const [pk, meta] of metas) m[pk] = meta;
    const byField = (indexes[s.key] = table<Record<string, string>>());
    for (const field of s.indexes!) {
      const byValue = (byField[field] = table<string>());
      for (const [pk, v] of byPk) {
        if (v === INVALID || !isRecord(v)) continue;
        const value = getOwn(v, field);
        if (value !== undefined && value !== null) byValue[String(value)] = pk;
      }
    }
  }
  return { result, entities, indexes, entitiesMeta };
}

/**
 * A table written straight into the prototype-less record `normalize` returns (no `Map` to
 * copy afterwards). `in` and assignment on a prototype-less object only ever see own
 * properties, so any pk, `__proto__` included, is an ordinary key.
 */
class RecordTable<V> implements EntityTable<V> {
  readonly record = table<V>();
  has(pk: string): boolean {
    return pk in this.record;
  }
  get(pk: string): V | undefined {
    return this.record[pk];
  }
  set(pk: string, value: V): void {
    this.record[pk] = value;
  }
  keys(): Iterable<string> {
    return Object.keys(this.record);
  }
}
