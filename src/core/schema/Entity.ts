import type { EntityMeta } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { assignFields, getOwn, hasOwn, isRecord, setField, setOwn } from './own.js';
import {
  denormalizeValue,
  pkString,
  replyPk,
  type DenormalizeDelegate,
  type NormalizeDelegate,
  type QueryDelegate,
  MAX_ENTITY_DEPTH,
} from './visit.js';
import { INVALID } from './protocol.js';
import { defineDefaultKey } from './entityKey.js';
import { entityScope, isLensField, lensFree } from './lensField.js';
import { entityGivenArrayMessage, missingPkMessage } from './normalizeMessages.js';
import { warn } from '../dev/warn.js';

/**
 * A normalized record type: subclass it, declare fields with defaults. Stored once per primary key
 * in the table `static key` (default: the class name; set it when minifying).
 *
 * @example
 * class User extends Entity {
 *   id = 0;
 *   name = '';
 *   static key = 'User';
 * }
 * class Post extends Entity {
 *   id = 0;
 *   author = User.fromJS();
 *   createdAt = new Date(0);
 *   static key = 'Post';
 *   static schema = { author: User, createdAt: Date };
 * }
 */
export abstract class Entity {
  /**
   * The entity type name: the table its instances are stored in.
   * @default the class name (an empty or minified-looking name throws, asking for `static key`)
   */
  declare static key: string;
  static {
    defineDefaultKey(this);
  }
  /** Fields holding nested schemas (`{ author: User }`) or value constructors (`{ createdAt: Date }`). */
  static schema: Record<string, unknown> = {};
  /**
   * Entities deep denormalize resolves before nested fields keep their ids.
   * @default 64
   */
  declare static maxEntityDepth?: number;
  /** Fields the store indexes, so `controller.get(User, { username })` finds the entity. */
  static indexes: readonly string[] | undefined = undefined;
  /**
   * An array reply where one object was expected: throw (unset), `'warn'` or `'silent'`, as in
   * data-client. Going on stores items under keys `'0'`, `'1'`, ...
   * @default undefined (throw)
   *
   * @example
   * class Pair extends Entity {
   *   static automaticValidation = 'silent' as const;
   *   pk() { return `${(this as unknown as Record<string, unknown>)[0]}`; }
   * }
   */
  static automaticValidation?: 'warn' | 'silent';

  /** The entity key, so a class reads as its table name in messages. */
  static toString(this: { readonly key: string }): string {
    return this.key;
  }

  /** `{ key, schema }` (data-client's error messages print schemas). */
  static toJSON(this: { readonly key: string; readonly schema: Record<string, unknown> }): { key: string; schema: Record<string, unknown> } {
    return { key: this.key, schema: this.schema };
  }

  /** The primary key of this entity. Default: the `id` field. Override to combine fields. */
  pk(_parent?: unknown, _key?: string, _args?: readonly unknown[]): string | number | undefined {
    return (this as unknown as { id?: string | number }).id;
  }

  /** The primary key of a processed value: the prototype's `pk()` with the value as `this`. */
  static pk(value: unknown, parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined {
    return this.prototype.pk.call(value as Entity, parent, key, args ?? []);
  }

  /**
   * Turns a reply object into the stored shape; undefined marks the named entity deleted.
   * Default: a shallow copy. Returns `any` as data-client's does (overrides return their own shape).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  static process(input: unknown, _parent?: unknown, _key?: string, _args?: readonly unknown[]): any {
    if (Array.isArray(input)) checkArrayInput(this, input);
    return copyFields(input);
  }

  /** Returns an error message when `processed` is not a valid entity, else undefined. */
  static validate(_processed: Record<string, unknown>): string | undefined {
    return undefined;
  }

  /** Combines two copies of the same entity from one reply or from the store. Default: shallow merge, incoming wins. */
  static merge(existing: unknown, incoming: unknown): unknown {
    return { ...(existing as object), ...(incoming as object) };
  }

  /** False to keep the stored entity and drop the reply's copy. Default: always update. */
  static shouldUpdate(_existingMeta: EntityMeta, _incomingMeta: EntityMeta, _existing: unknown, _incoming: unknown): boolean {
    return true;
  }

  /** True when the incoming data comes from a request that started before the stored data's request. */
  static shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta, _existing: unknown, _incoming: unknown): boolean {
    return incomingMeta.date < existingMeta.date;
  }

  /** Merges a reply into the stored entity; older data (by `meta.date`) never overwrites newer. */
  static mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): unknown {
    if (!this.shouldUpdate(existingMeta, incomingMeta, existing, incoming)) return existing;
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming)
      ? this.merge(incoming, existing)
      : this.merge(existing, incoming);
  }

  /** The meta kept for a merged entity: the newer request's. */
  static mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): EntityMeta {
    return this.shouldReorder(existingMeta, incomingMeta, existing, incoming) ? existingMeta : incomingMeta;
  }

  /**
   * An instance holding only the class defaults (one per class; do not change it). Also a record,
   * so data-client's `validateRequired(processedEntity, this.defaults)` compiles.
   */
  static get defaults(): Entity & Record<string, unknown> {
    let inst = defaultsOf.get(this);
    if (inst === undefined) defaultsOf.set(this, (inst = new (this as unknown as new () => Entity & Record<string, unknown>)()));
    return inst;
  }

  /** The instance built from stored `props`; undefined when `validate` refuses them. */
  static createIfValid<T extends Entity>(this: abstract new () => T, props: Record<string, unknown>): T | undefined {
    if ((this as unknown as typeof Entity).validate(props)) return undefined;
    return (this as unknown as typeof Entity).fromJS(props) as T;
  }

  /** An instance with the class defaults, then `props` (own fields only). */
  static fromJS<T extends Entity>(this: abstract new () => T, props: Partial<Record<keyof T, unknown>> | Record<string, unknown> = {}): T {
    const inst = new (this as unknown as new () => T)();
    assignFields(inst, props);
    return inst;
  }

  /** Normalizes one reply object into the entity table; returns its pk. */
  static normalize(input: unknown, parent: unknown, key: string | undefined, d: NormalizeDelegate): unknown {
    if (typeof this.key !== 'string' || this.key === '') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? `Entity ${this.name}: "static key" must be a non-empty string` : `Entity "${this.name}": no-key`);
    }
    if (typeof input !== 'object' || input === null) {
      const pk = pkString(input);
      if (pk !== undefined) return pk;
      // data-client's normalize passes a falsy value through as "no reference"; the store rejects it
      if (!d.strict && !input) return input;
      throw new SchemaError(this.key, 'expected an object or a primary key', input);
    }
    // an array reaches `process` too: a custom one may read it (`[price, amount]`)
    const processed: Record<string, unknown> | undefined = this.process(input, parent, key, d.args);
    if (processed === undefined) {
      // as `Invalidate` does
      const removed = pkString(this.pk(input, parent, key, d.args));
      if (removed !== undefined) d.invalidate(this, removed);
      return removed;
    }
    const pk = replyPk(this.pk(processed, parent, key, d.args), d.strict) ?? (d.creating && d.optimistic ? temporaryPk() : undefined);
    if (pk === undefined) {
      const message = process.env.NODE_ENV !== 'production' ? missingPkMessage(this.key, processed, this.prototype.pk === Entity.prototype.pk && !('id' in processed)) : undefined;
      throw new SchemaError(this.key, 'reply has no usable primary key', input, message);
    }
    const problem = this.validate(processed);
    // pure normalize throws validate's message as data-client does; the store's also names the entity
    if (problem) throw new SchemaError(this.key, problem, input, d.strict ? undefined : problem);
    const nested = this.schema;
    // a fresh spread copy takes plain assignment (except `__proto__`); a custom process's result goes through setOwn
    const spreadCopy = this.process === Entity.process || this.process === copyFields;
    // for-in + own check: Object.keys without the array
    for (const field in nested) {
      if (!hasOwn.call(nested, field) || !hasOwn.call(processed, field)) continue;
      const v = processed[field];
      if (v === undefined || v === null) continue;
      const fieldSchema = nested[field];
      const out = isLensField(fieldSchema) ? fieldSchema.normalizeField(v, field, this.key, pk, d) : d.visit(fieldSchema, v, processed, field);
      if (spreadCopy && field !== '__proto__') processed[field] = out;
      else setOwn(processed, field, out);
    }
    d.mergeEntity(this, pk, processed);
    return pk;
  }

  /**
   * Builds (or reuses) the instance for a pk; an object input is built from itself. Deleted or
   * refused data is `INVALID`, as is an entity whose required (truthy default) nested entity is.
   */
  static denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    if (typeof input === 'symbol') return input;
    const limit = this.maxEntityDepth ?? MAX_ENTITY_DEPTH;
    if (d.depth >= limit) {
      d.depthLimited(this.key, limit, this.maxEntityDepth !== undefined);
      const stored = isRecord(input) ? input : typeof input === 'string' || typeof input === 'number' ? d.getEntity(this.key, String(input)) : undefined;
      if (!isRecord(stored)) return stored;
      return this.createIfValid(stored) ?? INVALID;
    }
    d.depth++;
    try {
      const pk = pkString(input);
      if (pk === undefined) return isRecord(input) ? build(input, d, this) : undefined;
      const nested = this.schema;
      return d.entity(lensFree.has(nested) ? this : entityScope(this, nested, d), this.key, pk, build, this);
    } finally {
      d.depth--;
    }
  }

  /**
   * The pk for `args[0]` (a pk, an object with an indexed field, or one to compute `pk()` of; a
   * numeric pk stays a number, as in data-client). Undefined unless stored and valid.
   */
  static queryKey(args: readonly unknown[], d: QueryDelegate): unknown {
    const first = args[0];
    let pk = pkString(first);
    let computed: unknown;
    if (pk === undefined && isRecord(first)) {
      for (const field of this.indexes ?? []) {
        const v = getOwn(first, field);
        if (v === undefined) continue;
        pk = d.getIndex(this.key, field, String(v));
        if (pk !== undefined) break;
      }
      if (pk === undefined) pk = pkString((computed = this.pk(first, undefined, '', args)));
    }
    if (pk === undefined) return undefined;
    const stored = d.getEntity(this.key, pk);
    if (stored === undefined || stored === INVALID) return undefined;
    return typeof computed === 'number' ? computed : pk;
  }
}

/** Defaults, stored fields, then nested fields denormalized in place. One function for every class, so a memo can call it again. */
function build(stored: object, d: DenormalizeDelegate, cls: typeof Entity): unknown {
  const inst = cls.createIfValid(stored as Record<string, unknown>);
  if (inst === undefined) return INVALID;
  d.claim(stored, inst);
  const nested = cls.schema;
  for (const field in nested) {
    if (!hasOwn.call(nested, field) || !hasOwn.call(stored, field)) continue;
    let v = (stored as Record<string, unknown>)[field];
    if (v === undefined || v === null) continue;
    v = denormalizeValue(nested[field], v, d);
    if (typeof v === 'symbol') {
      if (d.invalidPropagates && cls.defaults[field]) return v;
      v = undefined;
    }
    setField(inst, field, v);
  }
  return inst;
}

/** The default `process` of `EntityMixin` classes (no array check, as data-client's). Spread keeps `__proto__` an ordinary field. */
export function copyFields(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null ? { ...input } : {};
}

/** An array given where one object was expected: throws, or warns / goes on as `automaticValidation` says. */
function checkArrayInput(
  cls: { readonly name: string; readonly key: string; readonly automaticValidation?: 'warn' | 'silent' },
  input: readonly unknown[],
): void {
  const mode = cls.automaticValidation;
  if (mode === 'silent') return;
  if (mode !== 'warn') throw new SchemaError(cls.key, 'expected an object, got an array', input, process.env.NODE_ENV !== 'production' ? entityGivenArrayMessage(cls.name, input) : undefined);
  if (process.env.NODE_ENV !== 'production') warn('entity-given-array', entityGivenArrayMessage(cls.name, input));
}

const defaultsOf = new WeakMap<object, Entity & Record<string, unknown>>();

let temporaryCount = 0;
/** A key for a created entity that has no primary key yet; never collides with a server pk form. */
function temporaryPk(): string {
  return `rest-signals:created:${++temporaryCount}`;
}
