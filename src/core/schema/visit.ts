import { INVALID, type EntityMeta } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { copyOwn, getOwn, isOwn, isRecord, setPlain } from './own.js';
import { warn } from '../dev/warn.js';

/**
 * The traversal shared by every schema: a schema object (with `normalize`/`denormalize`), `[Item]`,
 * `{ key: Item }`, or a constructor such as `Date` (denormalize only). Anything else passes through.
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
  /** True for a predicted reply: only there may a created entity lack its pk (it gets a temporary one). */
  readonly optimistic: boolean;
  /** True on the store's path: a wrongly shaped value rejects the reply. False for the pure `normalize`, lenient as data-client's. */
  readonly strict: boolean;
  /** Normalizes a child value (depth-checked); `key` is undefined for the reply itself, as in data-client. */
  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown;
  /** An entity as this reply would leave it. */
  getEntity(key: string, pk: string): unknown;
  /** Every pk of `key` in the store or written earlier by this reply. */
  forEachPk(key: string, fn: (pk: string) => void): void;
  /** Merges `incoming` into the entity `schema.key`/`pk`. */
  mergeEntity(schema: MergeableSchema, pk: string, incoming: unknown): void;
  /** Marks the entity removed (`INVALID`). */
  invalidate(schema: MergeableSchema, pk: string): void;
}

/**
 * Builds stored entity `stored` for `owner`. Hands its result to `d.claim` before visiting children
 * (so a cycle finds it); stateless, as a memo calls it again.
 */
export type EntityBuild = (stored: object, d: DenormalizeDelegate, owner: never) => unknown;

/** What a schema's `denormalize` may do: visit children and read entities (tracked, memoized). */
export interface DenormalizeDelegate {
  readonly args: readonly unknown[];
  /**
   * True in the pure `denormalize` (as data-client): `INVALID` spreads to the object literal or
   * required field holding it. False in store views: it reads as undefined; lists drop `null` too.
   */
  readonly invalidPropagates: boolean;
  /** Entities being built around this point (for the depth limit). */
  depth: number;
  /** Reports the depth limit cut the tree at `key`, as data-client does. */
  depthLimited(key: string, limit: number, own: boolean): void;
  unvisit(schema: unknown, input: unknown): unknown;
  /** Stored entity `key`/`pk` built by `build` under `scope`: once per walk, and in a store once per unchanged value. */
  entity(scope: object, key: string, pk: string, build: EntityBuild, owner: unknown): unknown;
  /** What the entity being built from `stored` will be, before its children are built. */
  claim(stored: object, result: unknown): void;
  getPks(key: string): readonly string[];
  getIndex(key: string, field: string, value: string): string | undefined;
  getEntity(key: string, pk: string): unknown;
  /** A whole list at once, or undefined to let `denormalizeList` visit each entry. */
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
  // arrays first: spares method lookups through Array.prototype
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
/** A `class` or `Date` is constructed (Date() ignores its argument); other functions are called, as in data-client. */
function constructs(fn: Function): boolean {
  if (fn === Date) return true;
  let is = classLike.get(fn);
  if (is === undefined) classLike.set(fn, (is = /^class[\s{]/.test(Function.prototype.toString.call(fn))));
  return is;
}

/** Entities deeper than this are built without nested fields (data-client's default). */
export const MAX_ENTITY_DEPTH = 64;

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
  const own = (schema as { schemaKey?: unknown }).schemaKey;
  if (typeof own === 'function') return String((own as () => unknown).call(schema));
  return 'object';
}

/** Normalizes each item; a non-array throws on the store path, the pure `normalize` takes an object's values. */
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

/** Drops missing or invalidated entries (and `null`, unless `INVALID` propagates). */
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

/** Normalizes the named fields, copying others; one that normalizes to undefined is left out, as in data-client. */
export function normalizeFields(
  definition: Record<string, unknown>,
  value: unknown,
  d: NormalizeDelegate,
): unknown {
  if (!isRecord(value)) return value;
  const out = copyOwn(value);
  for (const field in definition) {
    if (!isOwn(definition, field)) continue;
    const v = getOwn(value, field);
    const normalized = v === undefined ? undefined : d.visit(definition[field], v, value, field);
    if (normalized !== undefined) setPlain(out, field, normalized);
    else if (isOwn(out, field)) delete out[field];
  }
  return out;
}

/** An invalidated field makes the object `INVALID` when `INVALID` propagates, else reads as undefined. */
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

/** The stored pk: strict takes only what `pkString` does; the pure `normalize` stringifies anything else, as data-client. */
export function replyPk(pk: unknown, strict: boolean): string | undefined {
  if (strict) return pkString(pk);
  return pk === undefined || pk === '' || pk === 'undefined' ? undefined : String(pk);
}
