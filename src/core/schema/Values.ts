import { INVALID } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { isRecord, setPlain, table } from './own.js';
import { schemaName, type DenormalizeDelegate, type NormalizeDelegate } from './visit.js';

/**
 * A map of arbitrary string keys to items of one schema (`{ [id]: User }`). Keys are ordinary
 * keys whatever they spell (`__proto__` included); entries whose entity is missing or
 * invalidated are dropped on denormalize.
 *
 * @example
 * const byName = new schema.Values(User);
 * normalize(byName, { ann: { id: 1 }, bob: { id: 2 } }).result; // { ann: '1', bob: '2' }
 */
export class Values<S = unknown> {
  static {
    // the class name data-client gives this schema (its snapshots and error output show it)
    Object.defineProperty(this, 'name', { value: 'ValuesSchema' });
  }
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalValues: true;
  readonly schema: S;

  constructor(schema: S) {
    this.schema = schema;
  }

  /** The key of the item schema (used to name Collections). */
  schemaKey(): string {
    return schemaName(this.schema);
  }

  normalize(input: unknown, _parent: unknown, key: string, d: NormalizeDelegate): unknown {
    if (!isRecord(input)) {
      throw new SchemaError(`{${schemaName(this.schema)}}`, `expected an object of values${key ? ` at "${key}"` : ''}`, input);
    }
    const out = table<unknown>();
    for (const k of Object.keys(input)) {
      const v = input[k];
      if (v === undefined || v === null) continue;
      out[k] = d.visit(this.schema, v, input, k);
    }
    return out;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    if (!isRecord(input)) return input;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(input)) {
      const v = d.unvisit(this.schema, input[k]);
      if (v === undefined || v === null || v === INVALID) continue;
      setPlain(out, k, v);
    }
    return out;
  }
}
