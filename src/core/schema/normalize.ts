import { INVALID, type EntityLike, type EntityMeta, type EntityReader, type Invalid } from './protocol.js';
import { EMPTY_READER, normalizeInto, type EntityTable, type KeyTables } from './normalizeToWriteSet.js';
import { getOwn, isOwn, isRecord, table } from './own.js';
import { indexNotFoundMessage } from './normalizeMessages.js';
import { warn } from '../dev/warn.js';

/** An index entry: the pk holding the value, or `INVALID` when the entity that held it moved away. */
type IndexEntry = string | Invalid;

/** The output of `normalize`: every table is a prototype-less object, so any pk is an ordinary key. */
export interface NormalizedData<R = unknown> {
  result: R;
  /** key → pk → normalized entity (or `INVALID`). */
  entities: Record<string, Record<string, unknown>>;
  /** key → indexed field → value → pk, or `INVALID` for a value its entity no longer holds. */
  indexes: Record<string, Record<string, Record<string, string | Invalid>>>;
  /** key → pk → when it was fetched and expires. */
  entitiesMeta: Record<string, Record<string, EntityMeta>>;
}

/** Normalized tables to normalize on top of (the output of an earlier `normalize`, or a store's state). */
export type NormalizedStore = Partial<Pick<NormalizedData, 'entities' | 'indexes' | 'entitiesMeta'>>;

/**
 * Normalizes `input` without a store, in data-client's shape. Given `store` (earlier tables),
 * returns them with the writes applied (unmodified). Throws `SchemaError` when the reply does not fit.
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
  const reader = store === undefined ? EMPTY_READER : storeReader(store);
  const entities = table<Record<string, unknown>>();
  const entitiesMeta = table<Record<string, EntityMeta>>();
  const indexes = table<Record<string, Record<string, IndexEntry>>>();
  // an indexed table keeps its index in write order (the last entity with a value wins)
  const tables = (s: EntityLike): KeyTables => {
    const t = s.indexes?.length ? new IndexedTable(s, (indexes[s.key] = table()), reader) : new RecordTable<unknown>();
    const m = new RecordTable<EntityMeta>();
    entities[s.key] = t.record;
    entitiesMeta[s.key] = m.record;
    return { entities: t, meta: m };
  };
  const result = normalizeInto(schema, input, args, reader, meta, false, tables, false);
  const written = { result, entities, indexes, entitiesMeta };
  return store === undefined ? written : mergeStore(store, written);
}

/** A table written straight into a prototype-less record, so any pk (`__proto__` too) is an ordinary key. */
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

/**
 * An indexed table: each write updates the indexes, as data-client's normalize. A value the entity
 * no longer holds maps to `INVALID`, so a lookup finds nothing rather than an entity that moved.
 */
class IndexedTable extends RecordTable<unknown> {
  readonly #schema: EntityLike;
  readonly #byField: Record<string, Record<string, IndexEntry>>;
  readonly #reader: EntityReader;

  constructor(schema: EntityLike, byField: Record<string, Record<string, IndexEntry>>, reader: EntityReader) {
    super();
    this.#schema = schema;
    this.#byField = byField;
    this.#reader = reader;
    for (const field of schema.indexes!) byField[field] = table<IndexEntry>();
  }

  override set(pk: string, value: unknown): void {
    if (isRecord(value)) {
      const before = this.has(pk) ? this.get(pk) : this.#reader.getEntity(this.#schema.key, pk);
      for (const field of this.#schema.indexes!) {
        const byValue = this.#byField[field]!;
        if (isRecord(before)) {
          const was = getOwn(before, field);
          if (was !== undefined && was !== null && was !== getOwn(value, field)) byValue[String(was)] = INVALID;
        }
        if (!isOwn(value, field)) {
          if (process.env.NODE_ENV !== 'production') warn('index-not-found', indexNotFoundMessage(this.#schema.key, field, value));
          continue;
        }
        const now = getOwn(value, field);
        if (now !== undefined && now !== null) byValue[String(now)] = pk;
      }
    }
    super.set(pk, value);
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
    getIndex: (key, field, value) => {
      const pk = own(own(own(store.indexes, key), field), value);
      return typeof pk === 'string' ? pk : undefined;
    },
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
