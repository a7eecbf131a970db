import { INVALID } from './protocol.js';
import { normalizeList, schemaName, denormalizeList, type DenormalizeDelegate, type NormalizeDelegate, type QueryDelegate } from './visit.js';
import { Polymorphic, type SchemaAttribute } from './Polymorphic.js';

/**
 * Every live entity of a type (or of each member of a `Union`), in store order. As a lookup
 * (`controller.get(new All(User))`) it reads the table's membership; as a response schema it
 * normalizes like a list.
 *
 * @example
 * const allUsers = new All(User);
 * client.query(allUsers); // User[] of every stored, non-invalidated user
 */
// Named as data-client names the class (its snapshots and error output show it), without a static
// block: a declaration with no side effect is dropped by a bundler when an app does not use it.
class AllSchema<S = unknown> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalAll: true;
  /** The entity, a Union, or (with a `schemaAttribute`) the map of type names to entities. */
  readonly schema: S;
  /** What each member is read with: `schema`, or the Union it makes with `schemaAttribute`. */
  readonly #item: unknown;

  /**
   * @param schema the entity (or Union) whose table is read; with `schemaAttribute`, a map of
   * type names to entities, read as `new Union(schema, schemaAttribute)` (data-client's polymorphic `All`)
   */
  constructor(schema: S, schemaAttribute?: SchemaAttribute) {
    this.schema = schema;
    this.#item = schemaAttribute === undefined ? schema : new Polymorphic(schema as never, schemaAttribute);
  }

  /**
   * Normalizes each item into its table. The pure `normalize` then returns undefined, as
   * data-client's does: what `All` denotes is every stored entity, which a read computes from
   * the tables (`queryKey`), so a result naming some of them would only go stale. The store's
   * path keeps the list of pks the reply held as the endpoint's result.
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, d: NormalizeDelegate): unknown {
    const pks = normalizeList(this.#item, input, parent, key, d, `All(${schemaName(this.#item)})`);
    return d.strict ? pks : undefined;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return denormalizeList(this.#item, input, d);
  }

  /**
   * The pks of every live entity (`{ id, schema }` for a Union); `INVALID` when none is stored
   * (data-client: the table is missing), so a query over it reads as not found (a store view:
   * nothing, the pure `denormalize`: `INVALID`).
   */
  queryKey(_args: readonly unknown[], d: QueryDelegate): unknown {
    const s = this.#item;
    const out: unknown[] = [];
    if (isUnion(s)) {
      for (const type of Object.keys(s.schema)) {
        const key = (s.schema[type] as unknown as { key: string }).key;
        for (const pk of d.getPks(key)) {
          const stored = d.getEntity(key, pk);
          if (stored !== undefined && stored !== INVALID) out.push({ id: pk, schema: type });
        }
      }
    } else {
      // the reader's live pks as they are: one read (of membership, not of every entity) and the
      // same array while membership is unchanged, so a view of it re-runs only for what it shows
      const pks = d.getPks((s as { key: string }).key);
      return pks.length ? pks : INVALID;
    }
    return out.length ? out : INVALID;
  }
}

function isUnion(s: unknown): s is Polymorphic {
  return typeof s === 'object' && s !== null && typeof (s as Polymorphic).typeOf === 'function';
}

export { AllSchema as All };
