import {
  denormalizeList,
  normalizeList,
  schemaName,
  type DenormalizeDelegate,
  type NormalizeDelegate,
} from './visit.js';

/**
 * A list of items of one schema: the class behind the `[Item]` literal. Normalizing a reply
 * that is not an array throws a `SchemaError`; denormalizing drops entries whose entity is
 * missing or invalidated.
 *
 * @example
 * const users = new schema.Array(User); // same as [User]
 * normalize(users, [{ id: 1 }, { id: 2 }]).result; // ['1', '2']
 */
export class ArraySchema<S = unknown> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalArraySchema: true;
  readonly schema: S;

  constructor(schema: S) {
    this.schema = schema;
  }

  /** The key of the item schema (used to name Collections). */
  schemaKey(): string {
    return schemaName(this.schema);
  }

  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    return normalizeList(this.schema, input, parent, key, d, 'Array');
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return denormalizeList(this.schema, input, d);
  }
}
