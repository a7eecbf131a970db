import { SchemaError } from './SchemaError.js';
import { invalidateMissingPkMessage } from './normalizeMessages.js';
import { isOwn, isRecord } from './own.js';
import { Polymorphic, type SchemaAttribute } from './Polymorphic.js';
import type { Union } from './Union.js';
import type { Entity } from './Entity.js';
import { pkString, type DenormalizeDelegate, type MergeableSchema, type NormalizeDelegate, type SchemaObject } from './visit.js';

/** The static side of an Entity class that `Invalidate` needs. */
export type InvalidatableEntity = (abstract new (...args: never[]) => Entity) & typeof Entity;

/**
 * Removes an entity: normalizing an object whose pk can be computed (or, in a reply the store
 * writes, a bare pk) writes `INVALID` for that entity. Lists then skip it and a lookup of it gives undefined.
 * Over a `Union`, the reply's type field picks the member entity to remove (the normalized
 * value is then the Union reference `{ id, schema }`). Used by `resource().delete`.
 *
 * @example
 * const deleteUser = new Invalidate(User);
 * normalizeToWriteSet(deleteUser, { id: 5 }, [], reader, meta); // writes User/5 = INVALID
 * const deleteMember = new Invalidate({ users: User, groups: Group }, 'type');
 * normalize(deleteMember, { id: 2, type: 'groups' }).result; // { id: '2', schema: 'groups' }
 */
export class Invalidate<E extends InvalidatableEntity | Union | Record<string, InvalidatableEntity> = InvalidatableEntity> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalInvalidate: true;
  /** The entity, or the member map of the Union (hoisted, as data-client's `Invalidate` does). */
  readonly schema: E extends Union<infer C> ? C : E;
  /** The entity, or the Union whose member the reply's type picks (given, or built from a map of members). */
  readonly #target: InvalidatableEntity | Polymorphic;

  /**
   * @param entity an Entity class, a `Union` of them, or (with `schemaAttribute`) an object of
   *   member Entity classes, as a `Union` takes
   * @param schemaAttribute with an object of members: picks the member type of each reply
   */
  constructor(entity: E, schemaAttribute?: SchemaAttribute) {
    if (schemaAttribute !== undefined && isRecord(entity)) {
      this.#target = new Polymorphic(entity as unknown as Record<string, SchemaObject>, schemaAttribute);
    } else if (entity instanceof Polymorphic || (typeof entity === 'function' && typeof (entity as { key?: unknown }).key === 'string')) {
      this.#target = entity as InvalidatableEntity | Polymorphic;
    } else {
      throw new TypeError(
        process.env.NODE_ENV !== 'production' ? 'Invalidate: entity must be an Entity class (with a usable key), a Union of them, or an object of them with a schemaAttribute' : 'Invalidate: bad-argument',
      );
    }
    this.schema = (entity instanceof Polymorphic ? entity.schema : entity) as E extends Union<infer C> ? C : E;
  }

  /** false when the reply's type field picks the entity (over a Union or a map of members). */
  get isSingleSchema(): boolean {
    return !(this.#target instanceof Polymorphic);
  }

  get key(): string {
    const s = this.#target;
    return s instanceof Polymorphic ? `Union(${s.schemaKey()})` : s.key;
  }

  /** A delete is never looked up: there is nothing to read for it. */
  queryKey(): undefined {
    return undefined;
  }

  /**
   * Writes `INVALID` for the entity the reply names. On the store path (`d.strict`) a bare
   * primary key names it too, and a Union member type that is not declared rejects; the pure
   * `normalize` passes both through unchanged, removing nothing, as data-client's does.
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, d: NormalizeDelegate): unknown {
    if (!d.strict && typeof input !== 'object') return input;
    const s = this.#target;
    if (s instanceof Polymorphic) {
      if (!isRecord(input)) throw new SchemaError(this.key, 'cannot invalidate: expected an object with the type field', input);
      const type = s.typeOf(input, parent, key);
      const members = s.schema as Record<string, unknown>;
      if (!isOwn(members, type)) {
        if (!d.strict) return input;
        throw new SchemaError(this.key, `cannot invalidate: no member for type "${type}"`, input);
      }
      return { id: this.#invalidate(members[type] as InvalidatableEntity, input, parent, key, d), schema: type };
    }
    return this.#invalidate(s, input, parent, key, d);
  }

  #invalidate(entity: InvalidatableEntity, input: unknown, parent: unknown, key: string | undefined, d: NormalizeDelegate): string {
    let pk = pkString(input);
    if (pk === undefined && isRecord(input)) {
      pk = pkString(entity.pk(entity.process(input, parent, key, d.args) ?? input, parent, key, d.args));
    }
    if (pk === undefined) {
      throw new SchemaError(entity.key, 'cannot invalidate: reply has no usable primary key', input, process.env.NODE_ENV !== 'production' ? invalidateMissingPkMessage(entity.key, input) : undefined);
    }
    d.invalidate(entity as unknown as MergeableSchema, pk);
    return pk;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return this.#target.denormalize(input, d);
  }
}
