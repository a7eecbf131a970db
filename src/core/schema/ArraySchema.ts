import {
  denormalizeList,
  normalizeList,
  schemaName,
  type DenormalizeDelegate,
  type NormalizeDelegate,
  type SchemaObject,
} from './visit.js';
import { Polymorphic, type SchemaAttribute } from './Polymorphic.js';

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
class ArraySchemaClass<S = unknown, A extends SchemaAttribute | undefined = undefined> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalArraySchema: true;
  /** Carries the attribute's type, so a polymorphic list types as its members (no runtime field). */
  private declare readonly attributeType: A;
  static {
    // the public name is `ArraySchema` (as data-client's class, which its tests and messages name)
    Object.defineProperty(this, 'name', { value: 'ArraySchema' });
  }
  /** The item schema, or (with a `schemaAttribute`) the map of type names to schemas. */
  readonly schema: S;
  /** What each item is normalized with: `schema`, or the Union it makes with `schemaAttribute`. */
  readonly #item: unknown;

  constructor(schema: S, schemaAttribute?: A) {
    this.schema = schema;
    this.#item = schemaAttribute === undefined ? schema : new Polymorphic(schema as Record<string, SchemaObject>, schemaAttribute);
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

/**
 * `new ArraySchema(Item)`, or polymorphic `new ArraySchema({ a: A, b: B }, schemaAttribute)`. Two
 * construct signatures rather than a type parameter inferred from the attribute: a callback
 * attribute then gets its parameters typed in context (`(input: A | B, parent, key) => …` compiles
 * in strict code, as with data-client's `schema.Array`), while the type still records that the
 * list is polymorphic.
 *
 * @example
 * const pets = new schema.Array({ cats: Cat, dogs: Dog }, (input: Cat | Dog, parent, key) => `${input.kind}s`);
 */
export interface ArraySchemaConstructor {
  new <S>(schema: S): ArraySchemaClass<S, undefined>;
  new <S>(schema: S, schemaAttribute: SchemaAttribute): ArraySchemaClass<S, SchemaAttribute>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly prototype: ArraySchemaClass<any, any>;
}

/**
 * A list schema (the class above, built through {@link ArraySchemaConstructor}); `A` is the
 * attribute of a polymorphic list.
 *
 * @example
 * const users: ArraySchema<typeof User> = new ArraySchema(User);
 */
export type ArraySchema<S = unknown, A extends SchemaAttribute | undefined = undefined> = ArraySchemaClass<S, A>;
export const ArraySchema = ArraySchemaClass as ArraySchemaConstructor;
