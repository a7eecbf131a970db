import { SchemaError } from './SchemaError.js';
import { isOwn, isRecord } from './own.js';
import { Union } from './Union.js';
import type { Entity } from './Entity.js';
import { pkString, type DenormalizeDelegate, type MergeableSchema, type NormalizeDelegate } from './visit.js';

/** The static side of an Entity class that `Invalidate` needs. */
export type InvalidatableEntity = (abstract new (...args: never[]) => Entity) & typeof Entity;

/**
 * Removes an entity: normalizing a pk (string or number) or an object whose pk can be computed
 * writes `INVALID` for that entity. Lists then skip it and a lookup of it gives undefined.
 * Over a `Union`, the reply's type field picks the member entity to remove (the normalized
 * value is then the Union reference `{ id, schema }`). Used by `resource().delete`.
 *
 * @example
 * const deleteUser = new Invalidate(User);
 * normalizeToWriteSet(deleteUser, { id: 5 }, [], reader, meta); // writes User/5 = INVALID
 */
export class Invalidate<E extends InvalidatableEntity | Union = InvalidatableEntity> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalInvalidate: true;
  readonly schema: E;

  constructor(entity: E) {
    if (!(entity instanceof Union) && (typeof entity !== 'function' || typeof (entity as { key?: unknown }).key !== 'string')) {
      throw new TypeError('Invalidate: entity must be an Entity class (with a usable key) or a Union of them');
    }
    this.schema = entity;
  }

  get key(): string {
    const s = this.schema;
    return s instanceof Union ? `Union(${s.schemaKey()})` : (s as InvalidatableEntity).key;
  }

  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    const s = this.schema;
    if (s instanceof Union) {
      if (!isRecord(input)) throw new SchemaError(this.key, 'cannot invalidate: expected an object with the type field', input);
      const type = s.typeOf(input, parent, key);
      const members = s.schema as Record<string, unknown>;
      if (!isOwn(members, type)) throw new SchemaError(this.key, `cannot invalidate: no member for type "${type}"`, input);
      return { id: this.#invalidate(members[type] as InvalidatableEntity, input, parent, key, d), schema: type };
    }
    return this.#invalidate(s as InvalidatableEntity, input, parent, key, d);
  }

  #invalidate(entity: InvalidatableEntity, input: unknown, parent: unknown, key: string, d: NormalizeDelegate): string {
    let pk = pkString(input);
    if (pk === undefined && isRecord(input)) {
      pk = pkString(entity.pk(entity.process(input, parent, key, d.args), parent, key, d.args));
    }
    if (pk === undefined) throw new SchemaError(entity.key, 'cannot invalidate: reply has no usable primary key', input);
    d.invalidate(entity as unknown as MergeableSchema, pk);
    return pk;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return (this.schema as { denormalize(i: unknown, d: DenormalizeDelegate): unknown }).denormalize(input, d);
  }
}
