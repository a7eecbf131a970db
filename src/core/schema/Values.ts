import { SchemaError } from './SchemaError.js';
import { isRecord, setPlain, table } from './own.js';
import { VALUES_SCHEMA } from './protocol.js';
import { Polymorphic, type SchemaAttribute } from './Polymorphic.js';
import { schemaName, type DenormalizeDelegate, type NormalizeDelegate, type SchemaObject } from './visit.js';

/**
 * A map of arbitrary string keys to items of one schema (`{ [id]: User }`). Keys are ordinary
 * keys whatever they spell (`__proto__` included); entries whose entity is missing or
 * invalidated are dropped on denormalize.
 *
 * @example
 * const byName = new schema.Values(User);
 * normalize(byName, { ann: { id: 1 }, bob: { id: 2 } }).result; // { ann: '1', bob: '2' }
 * const pets = new schema.Values({ dogs: Dog, cats: Cat }, 'type');
 * normalize(pets, { rex: { id: 1, type: 'dogs' } }).result; // { rex: { id: '1', schema: 'dogs' } }
 */
// Named as data-client names the class (its snapshots and error output show it), and branded by a
// getter rather than a static block: a class whose declaration has no side effect is dropped by a
// bundler when an app does not use it, even inside one built file.
class ValuesSchema<S = unknown> {
  /** @internal The brand `Collection` tells a Values schema by (see `VALUES_SCHEMA`). */
  get [VALUES_SCHEMA](): true {
    return true;
  }
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalValues: true;
  readonly schema: S;
  /** What each value is visited with: `schema`, or a `Union` of its members when a `schemaAttribute` picks one. */
  readonly #item: unknown;

  /**
   * @param schema the schema of every value, or (with `schemaAttribute`) an object of member
   *   entity types, as a `Union` takes
   * @param schemaAttribute picks each value's member type (a field name or a function); the
   *   normalized value is then the reference `{ id, schema }`
   */
  constructor(schema: S, schemaAttribute?: SchemaAttribute) {
    this.schema = schema;
    this.#item = schemaAttribute === undefined ? schema : new Polymorphic(schema as Record<string, SchemaObject>, schemaAttribute);
  }

  /** The key of the item schema (used to name Collections). */
  schemaKey(): string {
    return schemaName(this.#item);
  }

  normalize(input: unknown, _parent: unknown, key: string | undefined, d: NormalizeDelegate): unknown {
    if (!isRecord(input)) {
      throw new SchemaError(`{${schemaName(this.#item)}}`, `expected an object of values${key ? ` at "${key}"` : ''}`, input);
    }
    const out = table<unknown>();
    for (const k of Object.keys(input)) {
      const v = input[k];
      if (v === undefined || v === null) continue;
      out[k] = d.visit(this.#item, v, input, k);
    }
    return out;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    if (!isRecord(input)) return input;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(input)) {
      const v = d.unvisit(this.#item, input[k]);
      if (v === undefined || v === null || typeof v === 'symbol') continue;
      setPlain(out, k, v);
    }
    return out;
  }
}

export { ValuesSchema as Values };
