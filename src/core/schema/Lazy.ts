import { denormalizeValue, type DenormalizeDelegate, type NormalizeDelegate, type QueryDelegate } from './visit.js';

/**
 * Breaks a cycle of schema definitions (as data-client's `schema.Lazy`): normalizing visits
 * `schema` as usual, but denormalizing leaves the field in its normalized form (pks), so a
 * deep or cyclic graph is not expanded eagerly. Read the related data on demand with
 * `lazy.query`, a queryable that denormalizes `schema` from the stored pks.
 *
 * @example
 * class Department extends Entity {
 *   id = '';
 *   buildings: string[] = [];
 *   static override schema = { buildings: new Lazy([Building]) };
 * }
 * const dept = client.query(Department, { id: 'd1' });
 * const buildings = client.query(Department.schema.buildings.query, dept.buildings);
 */
export class Lazy<S = unknown> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalLazy: true;
  readonly schema: S;
  #query: LazyQuery<S> | undefined;

  constructor(schema: S) {
    this.schema = schema;
  }

  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    return d.visit(this.schema, input, parent, key);
  }

  /** Left normalized: the value is the stored pks. */
  denormalize(input: unknown, _d: DenormalizeDelegate): unknown {
    return input;
  }

  /** A Lazy field finds nothing by arguments alone. */
  queryKey(_args: readonly unknown[], _d: QueryDelegate): undefined {
    return undefined;
  }

  /** The queryable that denormalizes `schema` from its normalized value (the pks the field holds). */
  get query(): LazyQuery<S> {
    return (this.#query ??= new LazyQuery(this.schema));
  }
}

/**
 * `lazy.query`: denormalizes the Lazy's schema. Its lookup argument is the normalized value
 * (for an Entity: the lookup of that entity, as `client.query(Entity, { id })` takes).
 *
 * @example
 * client.query(Department.schema.buildings.query, ['b1', 'b2']); // Building[]
 */
export class LazyQuery<S = unknown> {
  private declare readonly nominalLazyQuery: true;
  readonly schema: S;

  constructor(schema: S) {
    this.schema = schema;
  }

  normalize(input: unknown, _parent: unknown, _key: string, _d: NormalizeDelegate): unknown {
    return input;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    return denormalizeValue(this.schema, input, d);
  }

  /** An entity-like schema looks itself up; anything else takes the normalized value as given. */
  queryKey(args: readonly unknown[], d: QueryDelegate): unknown {
    const s = this.schema as { queryKey?: (a: readonly unknown[], q: QueryDelegate) => unknown; key?: unknown };
    if (typeof s.queryKey === 'function' && typeof s.key === 'string') return s.queryKey(args, d);
    return args[0];
  }
}
