import { INVALID, type EntityMeta } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { copyOwn, getOwn, isOwn, isRecord, setPlain } from './own.js';
import { warn } from '../dev/warn.js';

/**
 * The traversal shared by every schema. A schema is either a "schema object" (anything with
 * `normalize` / `denormalize` methods: Entity classes, `ArraySchema`, `Collection`, ...), a
 * plain array literal `[Item]`, a plain object literal `{ key: Item }`, or a constructor such as
 * `Date` (a value transform applied on denormalize only). Everything else passes values through.
 */

/** A schema that takes part in merging: Entity classes and Collections. */
export interface MergeableSchema {
  readonly key: string;
  readonly indexes?: readonly string[];
  merge(existing: unknown, incoming: unknown): unknown;
  mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): unknown;
  mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): EntityMeta;
}

/** What a schema's `normalize` may do: visit children, read and write entities. */
export interface NormalizeDelegate {
  readonly args: readonly unknown[];
  /** True while a Collection adds created items (`push`, `unshift`, `addWith`). */
  creating: boolean;
  /**
   * True when normalizing a predicted reply (`getOptimisticResponse`). A created entity in a
   * predicted reply may lack its primary key (the server has not assigned one yet) and gets a
   * temporary key; in a real reply a missing pk is a malformed reply.
   */
  readonly optimistic: boolean;
  /**
   * True on the store's path (replies, `setResponse`): a value of the wrong shape (an object
   * where a list is declared, a polymorphic type no member declares) rejects, so nothing of a
   * malformed reply is stored. False for the pure `normalize`, which is as lenient as
   * data-client's: it takes an object's values as the list and keeps an unknown type's value as
   * it is, with a warning.
   */
  readonly strict: boolean;
  /**
   * Normalizes a child value (depth-checked). `key` is the field of `parent` holding it;
   * undefined for the reply itself, as data-client passes it.
   */
  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown;
  /** Reads an entity as this reply would leave it: earlier writes of this reply first, then the store. */
  getEntity(key: string, pk: string): unknown;
  /** Every pk of `key` in the store or written earlier by this reply. */
  forEachPk(key: string, fn: (pk: string) => void): void;
  /** Merges `incoming` into the entity `schema.key`/`pk`. */
  mergeEntity(schema: MergeableSchema, pk: string, incoming: unknown): void;
  /** Marks the entity removed (`INVALID`). */
  invalidate(schema: MergeableSchema, pk: string): void;
}

/**
 * Builds the stored entity `stored` for `owner` (the schema that asked, e.g. the Entity class).
 * It hands its (still empty) result to `d.claim` before it visits children, so a cycle back to
 * the entity finds that same object. Called later again by a memo, so it holds no state of its own.
 */
export type EntityBuild = (stored: object, d: DenormalizeDelegate, owner: never) => unknown;

/** What a schema's `denormalize` may do: visit children and read entities (tracked, memoized). */
export interface DenormalizeDelegate {
  readonly args: readonly unknown[];
  /**
   * True in the pure functions (`denormalize`), as in data-client's normalizr: a deleted or
   * invalid entity is `INVALID`, which makes the object literal holding it, or the entity whose
   * field it fills when that field's default is truthy (required), `INVALID` too; lists drop it
   * and keep `null`. False in the store's views: it reads as an undefined field, never
   * invalidates what holds it, and lists drop `null` too.
   */
  readonly invalidPropagates: boolean;
  /** How many entities are being built around this point (the depth limit counts them). */
  depth: number;
  /**
   * Reports, once per call, that the depth limit cut the tree at an entity of `key` (a
   * development `console.error`, as in data-client).
   */
  depthLimited(key: string, limit: number, own: boolean): void;
  unvisit(schema: unknown, input: unknown): unknown;
  /**
   * The stored entity `key`/`pk` built by `build` under `scope` (the identity its builds share:
   * an entity class, or one object per lens): once per walk, and in a store once per unchanged
   * stored value and nested entities.
   */
  entity(scope: object, key: string, pk: string, build: EntityBuild, owner: unknown): unknown;
  /** What the entity being built from `stored` will be, before its children are built. */
  claim(stored: object, result: unknown): void;
  getPks(key: string): readonly string[];
  getIndex(key: string, field: string, value: string): string | undefined;
  getEntity(key: string, pk: string): unknown;
  /**
   * Denormalizes a whole list of `item` at once (a store builds long lists from cells over
   * ranges of entries), or returns undefined to let `denormalizeList` visit each entry. Optional.
   */
  list?(item: unknown, input: readonly unknown[]): unknown[] | undefined;
}

/** The lookup side (`queryKey`): read access without normalizing anything. */
export interface QueryDelegate {
  readonly args: readonly unknown[];
  getEntity(key: string, pk: string): unknown;
  getPks(key: string): readonly string[];
  getIndex(key: string, field: string, value: string): string | undefined;
}

export interface SchemaObject {
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown;
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown;
  queryKey?(args: readonly unknown[], delegate: QueryDelegate): unknown;
}

/** True for a schema that implements normalize/denormalize itself. */
export function isSchemaObject(schema: unknown): schema is SchemaObject {
  return (
    (typeof schema === 'object' || typeof schema === 'function') &&
    schema !== null &&
    typeof (schema as SchemaObject).normalize === 'function' &&
    typeof (schema as SchemaObject).denormalize === 'function'
  );
}

/** Normalizes `value` against any schema form. */
export function normalizeValue(
  schema: unknown,
  value: unknown,
  parent: unknown,
  key: string | undefined,
  d: NormalizeDelegate,
): unknown {
  if (schema === undefined || schema === null || value === undefined || value === null) return value;
  // Array literals first: they never carry schema methods, and testing them first spares the
  // `normalize` / `denormalize` lookups through Array.prototype on every list
  if (Array.isArray(schema)) {
    if (schema.length > 1) {
      throw new SchemaError(
        schemaName(schema),
        process.env.NODE_ENV !== 'production' ? `a list literal takes one item schema, got ${schema.length}; for a list of several types use \`new schema.Array({ ... }, 'type')\` or a Union` : 'bad-list-schema',
        value,
      );
    }
    return normalizeList(schema[0], value, parent, key, d, 'array');
  }
  if (isSchemaObject(schema)) return schema.normalize(value, parent, key, d);
  if (isRecord(schema)) return normalizeFields(schema, value, d);
  return value;
}

/** Denormalizes `input` against any schema form. */
export function denormalizeValue(schema: unknown, input: unknown, d: DenormalizeDelegate): unknown {
  if (schema === undefined || schema === null || input === undefined || input === null) return input;
  if (Array.isArray(schema)) return denormalizeList(schema[0], input, d);
  if (isSchemaObject(schema)) return schema.denormalize(input, d);
  if (isRecord(schema)) return denormalizeFields(schema, input, d);
  if (typeof schema === 'function') {
    return constructs(schema) ? new (schema as new (v: unknown) => unknown)(input) : (schema as (v: unknown) => unknown)(input);
  }
  return input;
}

const classLike = new WeakMap<object, boolean>();
/**
 * Whether a field schema function is constructed rather than called: an ES `class` (which
 * cannot be called) and `Date` (whose call ignores its argument and gives the current time as a
 * string). Any other function is called with the stored value, as data-client does, so
 * `{ price: Number }` gives a primitive number and `Temporal.Instant.from` its instant.
 */
function constructs(fn: Function): boolean {
  if (fn === Date) return true;
  let is = classLike.get(fn);
  if (is === undefined) classLike.set(fn, (is = /^class[\s{]/.test(Function.prototype.toString.call(fn))));
  return is;
}

/**
 * Entities nested deeper than this (counting each entity on the way down) are built without
 * their nested fields, as data-client's default; `Entity.maxEntityDepth` lowers or raises it.
 */
export const MAX_ENTITY_DEPTH = 64;

/** The development report of `DenormalizeDelegate.depthLimited`. */
export function reportDepthLimit(key: string, limit: number, own: boolean): void {
  if (process.env.NODE_ENV !== 'production') {
    warn(
      'entity-depth-limit',
      `Entity depth limit of ${limit} reached for "${key}" entity: nested entities beyond this depth keep their ` +
        'unresolved ids. Use Lazy for recursive or very wide bidirectional schemas' +
        (own ? '.' : ', or set static maxEntityDepth on the Entity.'),
    );
  }
}

/** A human name of a schema, for error messages. */
export function schemaName(schema: unknown): string {
  if (schema === undefined || schema === null) return 'value';
  const key = (schema as { key?: unknown }).key;
  if (typeof key === 'string') return key;
  if (Array.isArray(schema)) return `[${schemaName(schema[0])}]`;
  if (typeof schema === 'function') return schema.name || 'value';
  // a Union names itself by its members (`Cat;Dog`), so a Collection of it is `[Cat;Dog]`
  const own = (schema as { schemaKey?: unknown }).schemaKey;
  if (typeof own === 'function') return String((own as () => unknown).call(schema));
  return 'object';
}

/**
 * Normalizes each item of an array reply. On the store path (`d.strict`) a reply that is not
 * an array throws; the pure `normalize` takes an object's values as the list, as data-client's.
 */
export function normalizeList(
  item: unknown,
  reply: unknown,
  parent: unknown,
  key: string | undefined,
  d: NormalizeDelegate,
  what: string,
): unknown[] {
  let value: readonly unknown[];
  if (Array.isArray(reply)) value = reply;
  else if (!d.strict && isRecord(reply)) value = Object.values(reply);
  else throw new SchemaError(`[${schemaName(item)}]`, `expected an array (${what}${key ? ` at "${key}"` : ''})`, reply);
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) out[i] = d.visit(item, value[i], parent, key);
  return out;
}

/**
 * Denormalizes a normalized list, dropping entries that are missing or invalidated (and `null`
 * ones, unless `INVALID` propagates).
 */
export function denormalizeList(item: unknown, input: unknown, d: DenormalizeDelegate): unknown {
  if (!Array.isArray(input)) return input;
  const whole = d.list?.(item, input);
  if (whole !== undefined) return whole;
  const out: unknown[] = [];
  for (const entry of input) {
    const v = d.unvisit(item, entry);
    if (v === undefined || typeof v === 'symbol' || (v === null && !d.invalidPropagates)) continue;
    out.push(v);
  }
  return out;
}

/**
 * Normalizes the fields named by an object schema; other fields are copied as they are. A named
 * field that is or normalizes to undefined is left out of the result, as in data-client.
 */
export function normalizeFields(
  definition: Record<string, unknown>,
  value: unknown,
  d: NormalizeDelegate,
): unknown {
  if (!isRecord(value)) return value;
  const out = copyOwn(value);
  // for-in with an own check visits exactly Object.keys(definition), without allocating the array
  for (const field in definition) {
    if (!isOwn(definition, field)) continue;
    const v = getOwn(value, field);
    const normalized = v === undefined ? undefined : d.visit(definition[field], v, value, field);
    if (normalized !== undefined) setPlain(out, field, normalized);
    else if (isOwn(out, field)) delete out[field];
  }
  return out;
}

/**
 * Denormalizes the fields named by an object schema. An invalidated field makes the whole
 * object `INVALID` when `INVALID` propagates, else it reads as undefined.
 */
export function denormalizeFields(
  definition: Record<string, unknown>,
  input: unknown,
  d: DenormalizeDelegate,
): unknown {
  if (!isRecord(input)) return input;
  const out = copyOwn(input);
  for (const field in definition) {
    if (!isOwn(definition, field)) continue;
    const v = getOwn(input, field);
    if (v === undefined) continue;
    const dv = d.unvisit(definition[field], v);
    if (typeof dv === 'symbol') {
      if (d.invalidPropagates) return INVALID;
      setPlain(out, field, undefined);
    } else setPlain(out, field, dv);
  }
  return out;
}

/** Stringifies a primary key; undefined when it is not usable. */
export function pkString(pk: unknown): string | undefined {
  if (typeof pk === 'string') return pk === '' || pk === 'undefined' ? undefined : pk;
  if (typeof pk === 'number') return Number.isFinite(pk) ? String(pk) : undefined;
  if (typeof pk === 'bigint') return String(pk);
  return undefined;
}

/**
 * The stored form of the primary key `pk()` computed for a reply object. The store's path
 * (`strict`) takes only what `pkString` does; the pure `normalize` stringifies any other value
 * as data-client's does, refusing only `undefined`, `''` and `'undefined'`.
 */
export function replyPk(pk: unknown, strict: boolean): string | undefined {
  if (strict) return pkString(pk);
  return pk === undefined || pk === '' || pk === 'undefined' ? undefined : String(pk);
}
