import { INVALID } from './protocol.js';
import { normalizeList, schemaName, denormalizeList, type DenormalizeDelegate, type NormalizeDelegate, type QueryDelegate } from './visit.js';
import type { Union } from './Union.js';

/**
 * Every live entity of a type (or of each member of a `Union`), in store order. As a lookup
 * (`controller.get(new All(User))`) it reads the table's membership; as a response schema it
 * normalizes like a list.
 *
 * @example
 * const allUsers = new All(User);
 * client.query(allUsers); // User[] of every stored, non-invalidated user
 */
export class All<S = unknown> {
  static {
    // the class name data-client gives this schema (its snapshots and error output show it)
    Object.defineProperty(this, 'name', { value: 'AllSchema' });
  }
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalAll: true;
  readonly schema: S;

  constructor(schema: S) {
    this.schema = schema;
  }

  /**
   * Normalizes each item into its table. The pure `normalize` then returns undefined, as
   * data-client's does: what `All` denotes is every stored entity, which a read computes from
   * the tables (`queryKey`), so a result naming some of them would only go stale. The store's
   * path keeps the list of pks the reply held as the endpoint's result.
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, d: NormalizeDelegate): unknown {
    const pks = normalizeList(this.schema, input, parent, key, d, `All(${schemaName(this.schema)})`);
    return d.strict ? pks : undefined;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return denormalizeList(this.schema, input, d);
  }

  /** The pks of every live entity (`{ id, schema }` for a Union); undefined when none is stored. */
  queryKey(_args: readonly unknown[], d: QueryDelegate): unknown {
    const s = this.schema as unknown;
    const out: unknown[] = [];
    if (isUnion(s)) {
      for (const type of Object.keys(s.schema)) {
        const key = (s.schema[type] as unknown as { key: string }).key;
        for (const pk of d.getPks(key)) if (d.getEntity(key, pk) !== INVALID) out.push({ id: pk, schema: type });
      }
    } else {
      // the reader's live pks as they are: one read (of membership, not of every entity) and the
      // same array while membership is unchanged, so a view of it re-runs only for what it shows
      const pks = d.getPks((s as { key: string }).key);
      return pks.length ? pks : undefined;
    }
    return out.length ? out : undefined;
  }
}

function isUnion(s: unknown): s is Union {
  return typeof s === 'object' && s !== null && typeof (s as Union).typeOf === 'function';
}
