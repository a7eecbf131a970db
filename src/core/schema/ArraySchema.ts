import {
  denormalizeList,
  normalizeList,
  schemaName,
  type DenormalizeDelegate,
  type NormalizeDelegate,
  type SchemaObject,
} from './visit.js';
import { Union, type SchemaAttribute } from './Union.js';

/**
 * A list of items of one schema: the class behind the `[Item]` literal. Normalizing a reply
 * that is not an array throws a `SchemaError`; denormalizing drops entries whose entity is
 * missing or invalidated. Given a `schemaAttribute`, the definition maps type names to
 * schemas and each item is one of them, as data-client's polymorphic `schema.Array`: the same
 * as a list of `new Union(definition, schemaAttribute)`.
 *
 * @example
 * const users = new schema.Array(User); // same as [User]
 * normalize(users, [{ id: 1 }, { id: 2 }]).result; // ['1', '2']
 * const pets = new schema.Array({ cat: Cat, dog: Dog }, 'type');
 * normalize(pets, [{ id: 1, type: 'cat' }]).result; // [{ id: '1', schema: 'cat' }]
 */
export class ArraySchema<S = unknown, A extends SchemaAttribute | undefined = undefined> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalArraySchema: true;
  /** Carries the attribute's type, so a polymorphic list types as its members (no runtime field). */
  private declare readonly attributeType: A;
  /** The item schema, or (with a `schemaAttribute`) the map of type names to schemas. */
  readonly schema: S;
  /** What each item is normalized with: `schema`, or the Union it makes with `schemaAttribute`. */
  readonly #item: unknown;

  constructor(schema: S, schemaAttribute?: A) {
    this.schema = schema;
    this.#item = schemaAttribute === undefined ? schema : new Union(schema as Record<string, SchemaObject>, schemaAttribute);
  }

  /** The key of the item schema (used to name Collections). */
  schemaKey(): string {
    return schemaName(this.#item);
  }

  normalize(input: unknown, parent: unknown, key: string | undefined, d: NormalizeDelegate): unknown {
    return normalizeList(this.#item, input, parent, key, d, 'Array');
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return denormalizeList(this.#item, input, d);
  }
}
