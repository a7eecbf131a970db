import { ObjectSchema } from './ObjectSchema.js';
import type { Denormalize } from './types.js';
import { isRecord, setPlain } from './own.js';
import { PARTIAL_LOOKUP } from './protocol.js';
import { denormalizeValue, isSchemaObject, type DenormalizeDelegate, type NormalizeDelegate, type QueryDelegate } from './visit.js';

/**
 * A derived lookup over the entity tables: `queryable` (`All`, an Entity, a Collection, or an
 * object of those, e.g. `{ users: new All(User), posts: new All(Post) }`) finds the data by the
 * lookup arguments alone, and `process` computes the value shown from it (filter, sort,
 * count). It never fetches; over an object the callback runs once any member is found, with
 * the missing ones `undefined`.
 *
 * @example
 * const doneCount = new Query(new All(Todo), (todos, { userId }: { userId: number }) =>
 *   todos.filter(t => t.completed && t.userId === userId).length);
 * client.query(doneCount, { userId: 1 });
 */
// Lookup arguments an unannotated callback leaves untyped are `any`, as in data-client's
// `Query<S, P extends (entries: Denormalize<S>, ...args: any) => any>`: the schema does not know
// them, and `unknown` would make every unannotated `(entries, { userId }) => …` a strict error.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export class Query<S = unknown, R = unknown, Args extends readonly unknown[] = any[]> {
  /** Makes the type nominal, so `Denormalize` tells schema kinds apart (no runtime field). */
  private declare readonly nominalQuery: true;
  /** @internal The brand the store tells a Query by (see `PARTIAL_LOOKUP`); a getter, so the declaration has no side effect. */
  get [PARTIAL_LOOKUP](): true {
    return true;
  }
  readonly schema: S;
  readonly process: ((entries: never, ...args: Args) => R) | undefined;

  constructor(queryable: S, process?: (entries: Denormalize<NoInfer<S>>, ...args: Args) => R) {
    if (!isQueryable(queryable)) {
      notQueryable();
    }
    this.schema = queryable;
    this.process = process as ((entries: never, ...args: Args) => R) | undefined;
  }

  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    return d.visit(this.schema, input, parent, key);
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    const value = denormalizeValue(this.schema, input, d);
    if (value === undefined) return undefined;
    // a deleted base entity stays `INVALID` (or reads as nothing in a store's views)
    if (typeof value === 'symbol') return d.invalidPropagates ? value : undefined;
    return this.process ? this.process(value as never, ...(d.args as unknown as Args)) : value;
  }

  queryKey(args: readonly unknown[], d: QueryDelegate): unknown {
    return memberQueryKey(this.schema, args, d);
  }
}

function membersOf(schema: unknown): Record<string, unknown> | undefined {
  if (schema instanceof ObjectSchema) return schema.schema;
  if (isRecord(schema) && !isSchemaObject(schema) && !Array.isArray(schema)) return schema;
  return undefined;
}

function isQueryable(schema: unknown): boolean {
  if (isSchemaObject(schema)) return typeof schema.queryKey === 'function' || schema instanceof ObjectSchema;
  const members = membersOf(schema);
  return members !== undefined && Object.values(members).some(isQueryable);
}

/**
 * The lookup of any queryable: its own `queryKey`, or, for an object, each member's. An object
 * is found when any queryable member is (the others stay `undefined`, so a callback such as
 * `({ ticker, stats }) => ticker?.price ?? stats?.last` runs with what exists, as in
 * data-client); when none is, nothing is found.
 */
function memberQueryKey(schema: unknown, args: readonly unknown[], d: QueryDelegate): unknown {
  const members = membersOf(schema);
  if (members) {
    const out: Record<string, unknown> = {};
    let found = false;
    for (const k of Object.keys(members)) {
      const v = memberQueryKey(members[k], args, d);
      if (v !== undefined && typeof v !== 'symbol' && isQueryable(members[k])) found = true;
      setPlain(out, k, v);
    }
    return found ? out : undefined;
  }
  if (isSchemaObject(schema)) return typeof schema.queryKey === 'function' ? schema.queryKey(args, d) : undefined;
  // a plain value in an object definition (`total: 0`) stands for itself
  return schema;
}

/** Throws the usage error of a `Query` over something that is not queryable (here, where the constructor's `process` parameter does not hide the global). */
function notQueryable(): never {
  throw new TypeError(
    process.env.NODE_ENV !== 'production' ? 'Query: queryable must be a schema with a queryKey (Entity, All, Collection, Union) or an object of them' : 'Query: bad-argument',
  );
}
