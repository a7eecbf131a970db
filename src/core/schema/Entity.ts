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
 * A normalized record type. Subclass it and declare fields as instance properties with defaults;
 * its table is named by `static key`, by default the class name (set `static key` explicitly when
 * the code is minified, since minifiers rename classes). Each entity is stored once per primary key; every reply that contains
 * it merges into that one copy, and denormalized views show instances of the class (built from
 * the defaults, then the stored fields), sharing one object per unchanged entity.
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
   * How many entities deep denormalize builds before it stops resolving nested fields (they keep
   * their ids, and a development `console.error` says so).
   * @default 64
   */
  declare static maxEntityDepth?: number;
  /** Fields the store indexes, so `controller.get(User, { username })` finds the entity. */
  static indexes: readonly string[] | undefined = undefined;
  /**
   * What the default `process` does with a reply that is an array where one object was
   * expected (named members): throw (unset), print a warning and go on (`'warn'`), or go on
   * silently (`'silent'`), as in data-client. Going on stores the array's items under the keys
   * `'0'`, `'1'`, ..., so set it only for a class whose `pk()` reads those.
   * @default undefined (throw)
   *
   * @example
   * class Pair extends Entity {
   *   static automaticValidation = 'silent' as const;
   *   pk() { return `${(this as unknown as Record<string, unknown>)[0]}`; }
   * }
   */
  static automaticValidation?: 'warn' | 'silent';

  /** The entity key, so a class reads as its table name in messages and `Union` names (`User`). */
  static toString(this: { readonly key: string }): string {
    return this.key;
  }

  /** `{ key, schema }`: how an entity class shows in JSON (data-client's error messages print schemas). */
  static toJSON(this: { readonly key: string; readonly schema: Record<string, unknown> }): { key: string; schema: Record<string, unknown> } {
    return { key: this.key, schema: this.schema };
  }

  /** The primary key of this entity. Default: the `id` field. Override to combine fields. */
  pk(_parent?: unknown, _key?: string, _args?: readonly unknown[]): string | number | undefined {
    return (this as unknown as { id?: string | number }).id;
  }

  /**
   * The primary key of a processed (normalized, not yet instantiated) value: calls the
   * prototype's `pk()` with the value as `this`.
   */
  static pk(value: unknown, parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined {
    return this.prototype.pk.call(value as Entity, parent, key, args ?? []);
  }

  /**
   * Turns a reply object into the stored shape (rename fields here); returning undefined marks
   * the entity the reply names as deleted. Default: a shallow copy (never undefined).
   *
   * Returns `any`, as data-client's does: an override returns its own shape or undefined, and
   * data-client's documented override uses the copy directly
   * (`const processed = super.process(value, parent, key, args); processed.username = …`), which
   * no declared return type allows both of under `strictNullChecks`.
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

  /**
   * False to keep the stored entity as it is when a reply brings this one again (the reply's copy
   * is dropped). Default: always update.
   */
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
   * An instance holding only the class defaults (one per class, made on first read; a subclass
   * gets its own, never its parent's). Read it, do not change it. Typed as a record of its fields
   * too (a static getter cannot know its subclass), so data-client's documented
   * `validateRequired(processedEntity, this.defaults)` and `exclude(this.defaults, [...])` compile.
   */
  static get defaults(): Entity & Record<string, unknown> {
    let inst = defaultsOf.get(this);
    if (inst === undefined) defaultsOf.set(this, (inst = new (this as unknown as new () => Entity & Record<string, unknown>)()));
    return inst;
  }

  /**
   * The instance denormalize builds from stored `props`, or undefined when `validate` refuses
   * them (the entity then denormalizes to `INVALID`, as a deleted one).
   */
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
    // an array reaches `process` too: the default one refuses it (see `automaticValidation`),
    // a custom one may read it (`[price, amount]`)
    const processed: Record<string, unknown> | undefined = this.process(input, parent, key, d.args);
    if (processed === undefined) {
      // `process` returning nothing removes the entity the reply names (as `Invalidate` does);
      // when the reply names none there is nothing to remove
      const removed = pkString(this.pk(input, parent, key, d.args));
      if (removed !== undefined) d.invalidate(this, removed);
      return removed;
    }
    const pk = replyPk(this.pk(processed, parent, key, d.args), d.strict) ?? (d.creating && d.optimistic ? temporaryPk() : undefined);
    if (pk === undefined) {
      // whether the default pk() missed its `id` is for the development message only
      const message = process.env.NODE_ENV !== 'production' ? missingPkMessage(this.key, processed, this.prototype.pk === Entity.prototype.pk && !('id' in processed)) : undefined;
      throw new SchemaError(this.key, 'reply has no usable primary key', input, message);
    }
    const problem = this.validate(processed);
    // the pure `normalize` throws the message `validate` returned, as data-client does; the
    // store path's message also names the entity and shows the value
    if (problem) throw new SchemaError(this.key, problem, input, d.strict ? undefined : problem);
    const nested = this.schema;
    // The default `process` returns a fresh spread copy: its own fields are all writable data
    // properties, so assigning one (other than `__proto__`) only replaces its value. A custom
    // `process` may return anything, so its result is written through `setOwn`.
    const spreadCopy = this.process === Entity.process || this.process === copyFields;
    // for-in with an own check visits exactly Object.keys(nested), without allocating the array
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
   * Looks the entity up by pk and builds (or reuses) its denormalized instance; an object input
   * (already partially denormalized data) is built from itself. A deleted entity, or stored data
   * `createIfValid` refuses, is `INVALID`; so is this entity when a nested entity it requires
   * (a field whose default is truthy) is, while `INVALID` propagates.
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
      // a pk first (the common input): an object's pkString is undefined, so it is built from itself
      const pk = pkString(input);
      if (pk === undefined) return isRecord(input) ? build(input, d, this) : undefined;
      const nested = this.schema;
      return d.entity(lensFree.has(nested) ? this : entityScope(this, nested, d), this.key, pk, build, this);
    } finally {
      d.depth--;
    }
  }

  /**
   * The pk for `args[0]`: a pk itself (as a string), an object with an indexed field, or an
   * object to compute the pk of (as `pk()` gives it: a numeric pk stays a number, as in
   * data-client). Undefined unless that entity is stored and valid.
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

/**
 * Every stored field (in stored order, after the class defaults), then the nested schema fields
 * replaced in place by their denormalized values. for-in with an own check visits exactly
 * `Object.keys(schema)` without an array per entity. One function for every class (the class is
 * `cls`), so a memo can call it again later.
 */
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

/**
 * The default `process` of `EntityMixin` classes (data-client's mixin has no array check): a
 * shallow copy. Spread defines own data properties, so a `__proto__` field stays an ordinary field.
 */
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
  // the message is built where it is used, so a production build keeps no variable for it
  if (mode !== 'warn') throw new SchemaError(cls.key, 'expected an object, got an array', input, process.env.NODE_ENV !== 'production' ? entityGivenArrayMessage(cls.name, input) : undefined);
  if (process.env.NODE_ENV !== 'production') warn('entity-given-array', entityGivenArrayMessage(cls.name, input));
}

/** Class → its instance of defaults (`Entity.defaults`). */
const defaultsOf = new WeakMap<object, Entity & Record<string, unknown>>();

let temporaryCount = 0;
/** A key for a created entity that has no primary key yet; never collides with a server pk form. */
function temporaryPk(): string {
  return `rest-signals:created:${++temporaryCount}`;
}
