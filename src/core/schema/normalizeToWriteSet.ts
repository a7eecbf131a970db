import { INVALID, type EntityLike, type EntityMeta, type EntityReader, type WriteSet } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { isRecord } from './own.js';
import { unexpectedInputMessage } from './normalizeMessages.js';
import { Invalidate } from './Invalidate.js';
import { isSchemaObject, normalizeValue, pkString, schemaName, type MergeableSchema, type NormalizeDelegate } from './visit.js';

/** Nesting at which normalize gives up with a `SchemaError`: far beyond real APIs, far below the stack limit. */
export const MAX_DEPTH = 1000;

/** The depth from which normalize tracks the objects it is inside, to meet a cycle as a reference. */
const CYCLE_DEPTH = 16;

/**
 * Normalizes a reply into a write-set merged with what `reader` holds; nothing is written. Throws
 * `SchemaError` when the reply does not fit. `optimistic` marks a predicted reply.
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
    // only pks whose meta is not `writes.common`; meta is read only for written pks
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

/** A reader of no stored entity. */
export const EMPTY_READER: EntityReader = {
  getEntity: () => undefined,
  getMeta: () => undefined,
  forEachPk: () => undefined,
  getIndex: () => undefined,
};

/** One entity type's writes: a `Map`, or any table with its methods. */
export interface EntityTable<V> {
  has(pk: string): boolean;
  get(pk: string): V | undefined;
  set(pk: string, value: V): unknown;
  keys(): Iterable<string>;
}

export interface KeyTables {
  readonly entities: EntityTable<unknown>;
  /** Read and written by pk only, and read only for a pk of `entities`. */
  readonly meta: Pick<EntityTable<EntityMeta>, 'get' | 'set'>;
}

/** Normalizes into tables made by `tables` (once per entity type written); returns the result. */
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

/** A reply must be an object when its schema describes one (an HTML page or a 204 does not fit), as data-client. */
function checkRoot(schema: unknown, input: unknown): void {
  if (typeof input === 'object' && input !== null) return;
  if (schema === undefined || schema === null || schema instanceof Invalidate) return;
  if (!isSchemaObject(schema) && !Array.isArray(schema) && !isRecord(schema)) return;
  throw new SchemaError(schemaName(schema), 'expected an object', input, process.env.NODE_ENV !== 'production' ? unexpectedInputMessage(schema, input) : undefined);
}

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
  readonly #byKey = new Map<string, KeyTables>();
  readonly #reader: EntityReader;
  readonly #meta: EntityMeta;
  #depth = 0;
  /** Reply objects on the path from the root, with their entity schema. */
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
    // a cyclic input repeats, so checking only from CYCLE_DEPTH still catches it; shallow replies pay nothing
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

  /** An object met again while still open (denormalized data written back): a reference to that entity. */
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

  #tables(schema: EntityLike): KeyTables {
    const t = this.#makeTables(schema);
    this.#byKey.set(schema.key, t);
    return t;
  }
}
