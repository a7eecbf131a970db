import { INVALID, type EntityLike, type EntityMeta, type EntityReader, type WriteSet } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { isRecord } from './own.js';
import { unexpectedInputMessage } from './normalizeMessages.js';
import { Invalidate } from './Invalidate.js';
import { isSchemaObject, normalizeValue, pkString, schemaName, type MergeableSchema, type NormalizeDelegate } from './visit.js';

/**
 * How deep a reply may nest before normalize gives up with a `SchemaError`. Normalize recurses
 * (a few frames per level), so without a bound a hostile reply could overflow the stack; 1 000
 * levels is far beyond any real API and far below the stack limit.
 */
export const MAX_DEPTH = 1000;

/** The depth from which normalize tracks the objects it is inside, to meet a cycle as a reference. */
const CYCLE_DEPTH = 16;

/**
 * Normalizes `input` (a reply of an endpoint with schema `schema`, called with `args`) into a
 * write-set: every entity it contains, merged with what `reader` holds (by `mergeWithStore`
 * with `meta`) and with earlier copies in the same reply (by `merge`). Nothing is written:
 * the store commits the write-set in one batch. Throws `SchemaError` when the reply does not
 * fit the schema, and then nothing at all is written. `optimistic` marks a predicted reply
 * (`getOptimisticResponse`): only there may a created entity lack its primary key.
 *
 * @example
 * const writes = normalizeToWriteSet([User], [{ id: 1, name: 'Ann' }], [], reader, meta);
 * writes.result; // ['1']
 * writes.entities.get('User')?.get('1'); // { id: 1, name: 'Ann' }
 */
export function normalizeToWriteSet(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  reader: EntityReader,
  meta: EntityMeta,
  optimistic = false,
): WriteSet {
  const writes: WriteSet = { result: undefined, entities: new Map(), meta: new Map(), schemas: new Map(), common: meta };
  const tables = (s: EntityLike): KeyTables => {
    const entities = new Map<string, unknown>();
    const metas = new Map<string, EntityMeta>();
    writes.entities.set(s.key, entities);
    writes.meta.set(s.key, metas);
    writes.schemas.set(s.key, s);
    // `metas` holds only the pks whose meta is not the write's (`writes.common`): a Map entry per
    // entity cost as much as the entity's own entry. Normalize reads a meta only for a pk it wrote
    // (see `KeyTables`), so `get` needs no check that `pk` is in `entities`.
    return {
      entities,
      meta: {
        get: pk => metas.get(pk) ?? meta,
        set: (pk, m) => (m === meta ? metas.delete(pk) : metas.set(pk, m)),
      },
    };
  };
  writes.result = normalizeInto(schema, input, args, reader, meta, optimistic, tables, true);
  return writes;
}

/** A reader of no stored entity: what a reply normalized on its own (no store) merges with. */
export const EMPTY_READER: EntityReader = {
  getEntity: () => undefined,
  getMeta: () => undefined,
  forEachPk: () => undefined,
  getIndex: () => undefined,
};

/** One entity type's writes: pk → merged value, pk → meta. A `Map`, or any table with its methods. */
export interface EntityTable<V> {
  has(pk: string): boolean;
  get(pk: string): V | undefined;
  set(pk: string, value: V): unknown;
  keys(): Iterable<string>;
}

/** The two tables of one entity type. */
export interface KeyTables {
  readonly entities: EntityTable<unknown>;
  /** Read and written by pk only, and read only for a pk of `entities`. */
  readonly meta: Pick<EntityTable<EntityMeta>, 'get' | 'set'>;
}

/**
 * Normalizes into tables made by `tables`, called once per entity type written (the first
 * time an entity of that key is merged or invalidated); returns the normalized result. The
 * write-set above makes `Map`s; `normalize` makes prototype-less records it returns as they
 * are, so nothing is copied after the walk.
 */
export function normalizeInto(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  reader: EntityReader,
  meta: EntityMeta,
  optimistic: boolean,
  tables: (schema: EntityLike) => KeyTables,
  strict: boolean,
): unknown {
  checkRoot(schema, input);
  const d = new Normalizer(tables, reader, meta, args, optimistic, strict);
  try {
    return d.visit(schema, input, input, undefined);
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new SchemaError(schemaName(schema), 'reply nested too deeply to normalize', '[deep value]');
    }
    throw e;
  }
}

/**
 * A reply as a whole must be an object (or array) when its schema describes one: an entity, a
 * list, a collection, a union, an object of fields. A string (an HTML page served with status
 * 200 by a proxy or a dev server, a body whose content type was not JSON), a number, or nothing
 * at all (a 204) does not fit, as in data-client's `normalize`. `Invalidate` (a delete) also
 * takes a primary key, and a schema of neither kind passes any value.
 */
function checkRoot(schema: unknown, input: unknown): void {
  if (typeof input === 'object' && input !== null) return;
  if (schema === undefined || schema === null || schema instanceof Invalidate) return;
  if (!isSchemaObject(schema) && !Array.isArray(schema) && !isRecord(schema)) return;
  throw new SchemaError(schemaName(schema), 'expected an object', input, process.env.NODE_ENV !== 'production' ? unexpectedInputMessage(schema, input) : undefined);
}

/** An entity schema as the cycle check sees it: a key and a `pk` of a processed value. */
interface EntitySchema {
  readonly key: string;
  pk(value: unknown, parent: unknown, key: string | undefined, args: readonly unknown[]): unknown;
  process?(value: unknown, parent: unknown, key: string | undefined, args: readonly unknown[]): unknown;
}

function isEntitySchema(schema: unknown): schema is EntitySchema {
  return typeof schema === 'function' && typeof (schema as Partial<EntitySchema>).key === 'string' && typeof (schema as Partial<EntitySchema>).pk === 'function';
}

class Normalizer implements NormalizeDelegate {
  readonly args: readonly unknown[];
  readonly #makeTables: (schema: EntityLike) => KeyTables;
  /** key → its tables; one lookup per merge (the first schema of a key makes them). */
  readonly #byKey = new Map<string, KeyTables>();
  readonly #reader: EntityReader;
  readonly #meta: EntityMeta;
  #depth = 0;
  /** Reply objects on the path from the root to the value being visited, with their entity schema. */
  readonly #open = new Map<object, unknown>();
  creating = false;
  readonly optimistic: boolean;
  readonly strict: boolean;

  constructor(
    tables: (schema: EntityLike) => KeyTables,
    reader: EntityReader,
    meta: EntityMeta,
    args: readonly unknown[],
    optimistic: boolean,
    strict: boolean,
  ) {
    this.optimistic = optimistic;
    this.strict = strict;
    this.#makeTables = tables;
    this.#reader = reader;
    this.#meta = meta;
    this.args = args;
  }

  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown {
    // cycles are looked for only from CYCLE_DEPTH down: a cyclic input repeats, so it is still
    // caught a few levels further (the copies merged on the way are the same data, the outermost
    // merged last), and ordinary replies pay nothing for the check
    const entity = this.#depth >= CYCLE_DEPTH && isRecord(value) && isEntitySchema(schema) ? value : undefined;
    if (entity && this.#open.get(entity) === schema) return this.#backReference(schema as EntitySchema, entity, parent, key);
    if (++this.#depth > MAX_DEPTH) {
      throw new SchemaError(schemaName(schema), `reply nested deeper than ${MAX_DEPTH} levels${key ? ` at "${key}"` : ''}`, '[deep value]');
    }
    const outer = entity ? this.#open.get(entity) : undefined;
    if (entity) this.#open.set(entity, schema);
    try {
      return normalizeValue(schema, value, parent, key, this);
    } finally {
      this.#depth--;
      if (entity) {
        if (outer === undefined) this.#open.delete(entity);
        else this.#open.set(entity, outer);
      }
    }
  }

  /**
   * An object met again, with the same entity schema, while it is still being normalized: the
   * input has a cycle, as denormalized data written back has (`setResponse` of a value read from
   * the store, an optimistic reply built from a snapshot). It is a reference to that entity,
   * whose fields the visit further out writes.
   */
  #backReference(schema: EntitySchema, value: Record<string, unknown>, parent: unknown, key: string | undefined): unknown {
    const processed = typeof schema.process === 'function' ? schema.process(value, parent, key, this.args) : value;
    const pk = pkString(schema.pk(processed, parent, key, this.args));
    if (pk === undefined) throw new SchemaError(schema.key, 'reply has no usable primary key', value);
    return pk;
  }

  getEntity(key: string, pk: string): unknown {
    const pending = this.#byKey.get(key)?.entities;
    if (pending?.has(pk)) return pending.get(pk);
    return this.#reader.getEntity(key, pk);
  }

  forEachPk(key: string, fn: (pk: string) => void): void {
    const seen = new Set<string>();
    this.#reader.forEachPk(key, pk => seen.add(pk));
    const pending = this.#byKey.get(key)?.entities;
    if (pending) for (const pk of pending.keys()) seen.add(pk);
    for (const pk of seen) fn(pk);
  }

  mergeEntity(schema: MergeableSchema, pk: string, incoming: unknown): void {
    // looked up inline, `#tables` only making them: one call fewer per entity merged
    const { entities, meta } = this.#byKey.get(schema.key) ?? this.#tables(schema);
    let value = incoming;
    let nextMeta = this.#meta;
    if (entities.has(pk)) {
      const pending = entities.get(pk);
      if (pending !== INVALID && pending !== undefined) value = schema.merge(pending, incoming);
      nextMeta = meta.get(pk) ?? this.#meta;
    } else {
      const stored = this.#reader.getEntity(schema.key, pk);
      if (stored !== undefined && stored !== INVALID) {
        const storedMeta = this.#reader.getMeta(schema.key, pk);
        if (storedMeta) {
          value = schema.mergeWithStore(storedMeta, this.#meta, stored, incoming);
          nextMeta = schema.mergeMetaWithStore(storedMeta, this.#meta, stored, incoming);
        } else {
          value = schema.merge(stored, incoming);
        }
      } else if (stored === INVALID && isRecord(incoming)) {
        // a reply that started before the invalidation does not bring the entity back
        const storedMeta = this.#reader.getMeta(schema.key, pk);
        if (storedMeta && this.#meta.date < storedMeta.date) return;
      }
    }
    entities.set(pk, value);
    meta.set(pk, nextMeta);
  }

  invalidate(schema: MergeableSchema, pk: string): void {
    const { entities, meta } = this.#byKey.get(schema.key) ?? this.#tables(schema);
    entities.set(pk, INVALID);
    meta.set(pk, this.#meta);
  }

  /** Makes the tables of `schema.key`, the first time one of its entities is written. */
  #tables(schema: EntityLike): KeyTables {
    const t = this.#makeTables(schema);
    this.#byKey.set(schema.key, t);
    return t;
  }
}
