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

/** Normalized tables to normalize on top of (the output of an earlier `normalize`, or a store's state). */
export type NormalizedStore = Partial<Pick<NormalizedData, 'entities' | 'indexes' | 'entitiesMeta'>>;

/**
 * Normalizes `input` against `schema` on its own (no store): the normalized result plus the
 * entity tables, in data-client's shape. Given `store` (earlier tables), entities merge with
 * what it holds, Collection mutations (`push`, `remove`, `move`) update its lists, and the
 * tables returned are `store`'s with the writes applied (`store` itself is not modified).
 * Throws `SchemaError` when the reply does not fit.
 * `meta` defaults to data-client's: `{ fetchedAt: 0, date: Date.now(), expiresAt: Infinity }`.
 *
 * @example
 * const { result, entities } = normalize([User], [{ id: 1, name: 'Ann' }]);
 * result; // ['1']
 * entities.User['1']; // { id: 1, name: 'Ann' }
 * const next = normalize(todoList.push, { id: 2 }, [{ userId: 1 }], { entities });
 */
export function normalize(
  schema: unknown,
  input: unknown,
  args: readonly unknown[] = [],
  store?: NormalizedStore,
  meta: EntityMeta = { fetchedAt: 0, date: Date.now(), expiresAt: Infinity },
): NormalizedData {
  const written = normalizeAlone(schema, input, args, store === undefined ? EMPTY_READER : storeReader(store), meta, false);
  return store === undefined ? written : mergeStore(store, written);
}

/**
 * `normalize` with the store path's strictness (see `NormalizeDelegate.strict`): for values that
 * stand for a reply (a direct endpoint call), so a reply the store would reject rejects there too.
 */
export function normalizeStrict(schema: unknown, input: unknown, args: readonly unknown[] = []): NormalizedData {
  return normalizeAlone(schema, input, args, EMPTY_READER, { fetchedAt: 0, date: Date.now(), expiresAt: Infinity }, true);
}

function normalizeAlone(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  reader: EntityReader,
  meta: EntityMeta,
  strict: boolean,
): NormalizedData {
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
  const result = normalizeInto(schema, input, args, reader, meta, false, tables, strict);
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

/** Reads earlier tables; only own keys count, so `__proto__` or `constructor` is never a table. */
function storeReader(store: NormalizedStore): EntityReader {
  const own = <V>(rec: Record<string, V> | undefined, k: string): V | undefined => (isRecord(rec) ? (getOwn(rec, k) as V | undefined) : undefined);
  return {
    getEntity: (key, pk) => own(own(store.entities, key), pk),
    getMeta: (key, pk) => own(own(store.entitiesMeta, key), pk),
    forEachPk: (key, fn) => {
      const t = own(store.entities, key);
      if (isRecord(t)) for (const pk of Object.keys(t)) fn(pk);
    },
    getIndex: (key, field, value) => own(own(own(store.indexes, key), field), value),
  };
}

/** `store`'s tables with `written`'s entries laid over them, each a new prototype-less record. */
function mergeStore(store: NormalizedStore, written: NormalizedData): NormalizedData {
  const layer = <V>(base: Record<string, V> | undefined, top: Record<string, V>, depth: number): Record<string, V> => {
    const out = table<V>();
    if (isRecord(base)) for (const k of Object.keys(base)) out[k] = base[k] as V;
    for (const k of Object.keys(top)) {
      const below = out[k];
      out[k] = depth > 1 && isRecord(below) ? (layer(below as Record<string, unknown>, top[k] as Record<string, unknown>, depth - 1) as V) : (top[k] as V);
    }
    return out;
  };
  return {
    result: written.result,
    entities: layer(store.entities, written.entities, 2),
    entitiesMeta: layer(store.entitiesMeta, written.entitiesMeta, 2),
    indexes: layer(store.indexes, written.indexes, 3),
  };
}
