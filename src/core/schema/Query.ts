import { INVALID } from './protocol.js';
import { denormalizeValue, isSchemaObject, type DenormalizeDelegate, type NormalizeDelegate, type QueryDelegate } from './visit.js';

/**
 * A derived lookup over the entity tables: `queryable` (`All`, an Entity, a Collection, ...)
 * finds the data by the lookup arguments alone, and `process` computes the value shown from
 * it (filter, sort, count). It never fetches.
 *
 * @example
 * const doneCount = new Query(new All(Todo), (todos, { userId }: { userId: number }) =>
 *   todos.filter(t => t.completed && t.userId === userId).length);
 * client.query(doneCount, { userId: 1 });
 */
export class Query<S = unknown, R = unknown, Args extends readonly unknown[] = readonly unknown[]> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalQuery: true;
  readonly schema: S;
  readonly process: ((value: never, ...args: Args) => R) | undefined;

  constructor(queryable: S, process?: (value: never, ...args: Args) => R) {
    if (!isSchemaObject(queryable) || typeof queryable.queryKey !== 'function') {
      throw new TypeError('Query: queryable must be a schema with a queryKey (Entity, All, Collection, Union)');
    }
    this.schema = queryable;
    this.process = process;
  }

  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    return d.visit(this.schema, input, parent, key);
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    const value = denormalizeValue(this.schema, input, d);
    if (value === undefined || value === INVALID) return undefined;
    return this.process ? this.process(value as never, ...(d.args as unknown as Args)) : value;
  }

  queryKey(args: readonly unknown[], d: QueryDelegate): unknown {
    return (this.schema as { queryKey(a: readonly unknown[], q: QueryDelegate): unknown }).queryKey(args, d);
  }
}
