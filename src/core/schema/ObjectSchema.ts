import { denormalizeFields, normalizeFields, type DenormalizeDelegate, type NormalizeDelegate } from './visit.js';

/**
 * An object whose named fields hold nested schemas; other fields are kept as they are. The
 * class behind the `{ key: Item }` literal, e.g. a wrapped list `{ results: [User], total }`.
 *
 * @example
 * const page = new schema.Object({ results: [User] });
 * normalize(page, { results: [{ id: 1 }], total: 1 }).result; // { results: ['1'], total: 1 }
 */
export class ObjectSchema<O extends Record<string, unknown> = Record<string, unknown>> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalObjectSchema: true;
  readonly schema: O;

  constructor(definition: O) {
    this.schema = definition;
  }

  normalize(input: unknown, _parent: unknown, _key: string | undefined, d: NormalizeDelegate): unknown {
    return normalizeFields(this.schema, input, d);
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return denormalizeFields(this.schema, input, d);
  }
}
