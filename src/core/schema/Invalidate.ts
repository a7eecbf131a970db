import { SchemaError } from './SchemaError.js';
import { isRecord } from './own.js';
import type { Entity } from './Entity.js';
import { pkString, type DenormalizeDelegate, type MergeableSchema, type NormalizeDelegate } from './visit.js';

/** The static side of an Entity class that `Invalidate` needs. */
export type InvalidatableEntity = (abstract new (...args: never[]) => Entity) & typeof Entity;

/**
 * Removes an entity: normalizing a pk (string or number) or an object whose pk can be computed
 * writes `INVALID` for that entity. Lists then skip it and a lookup of it gives undefined.
 * Used by `resource().delete`.
 *
 * @example
 * const deleteUser = new Invalidate(User);
 * normalizeToWriteSet(deleteUser, { id: 5 }, [], reader, meta); // writes User/5 = INVALID
 */
export class Invalidate<E extends InvalidatableEntity = InvalidatableEntity> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalInvalidate: true;
  readonly schema: E;

  constructor(entity: E) {
    if (typeof entity !== 'function' || typeof (entity as { key?: unknown }).key !== 'string') {
      throw new TypeError('Invalidate: entity must be an Entity class with a static key');
    }
    this.schema = entity;
  }

  get key(): string {
    return this.schema.key;
  }

  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    const entity = this.schema;
    let pk = pkString(input);
    if (pk === undefined && isRecord(input)) {
      pk = pkString(entity.pk(entity.process(input, parent, key, d.args), parent, key, d.args));
    }
    if (pk === undefined) throw new SchemaError(entity.key, 'cannot invalidate: reply has no usable primary key', input);
    d.invalidate(entity as unknown as MergeableSchema, pk);
    return pk;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return this.schema.denormalize(input, d);
  }
}
