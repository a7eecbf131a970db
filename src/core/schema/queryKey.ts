import type { DenormalizeReader } from './protocol.js';
import { ObjectSchema } from './ObjectSchema.js';
import { isOwn, isRecord, sameArgs, setPlain } from './own.js';
import { isSchemaObject, type QueryDelegate } from './visit.js';

/**
 * The normalized input a schema finds from its lookup arguments alone, without a stored
 * response: an Entity by pk or by an `indexes` field, `All`, `Query`, a Collection by its
 * arguments, a Union by its type field, and an object of these (`{ data: { article: Article } }`,
 * a plain literal or `schema.Object`), whose other fields keep the value the schema gives them.
 * As in data-client, an object's key is built field by field and may be partial (a field
 * whose lookup finds nothing is `undefined`; a list inside an object is never inferred), and
 * `All` over a table with nothing stored gives `INVALID`: the caller decides what counts as
 * found. The store does so with `isCompleteQueryKey`, so its views never show a partial result.
 *
 * @example
 * queryKey(User, [{ username: 'ann' }], reader); // '1' when User.indexes includes 'username'
 * queryKey(new All(User), [], reader); // ['1', '2']
 * queryKey({ data: User, page: 1 }, [{ id: 1 }], reader); // { data: '1', page: 1 } when User 1 is stored
 */
export function queryKey(schema: unknown, args: readonly unknown[], reader: DenormalizeReader): unknown {
  if (!isSchemaObject(schema) && (!isRecord(schema) || Array.isArray(schema))) return undefined;
  const d: QueryDelegate = {
    args,
    getEntity: (key, pk) => reader.getEntity(key, pk),
    getPks: key => reader.getPks(key),
    getIndex: (key, field, value) => reader.getIndex(key, field, value),
  };
  return stable(schema as object, lookUp(schema, args, d));
}

/**
 * The last few distinct object or list keys each schema gave, newest first (held weakly, per
 * schema), so a key equal to any of them is that same object: lookups whose entities did not
 * change keep referential identity (and the denormalize memo keyed by the input hits) even when
 * the schema serves several argument lists in turn, or a state comes back after another one, as
 * data-client's memo keyed by the entities a lookup read does. Bounded, so a schema looked up
 * with ever new arguments holds four keys at most.
 */
const recentKeys = new WeakMap<object, unknown[]>();

/**
 * `found`, or an earlier key of `schema` equal to it: unchanged lookups keep referential
 * identity. `schema` is an object or a function here (`queryKey` returns before otherwise).
 */
function stable(schema: object, found: unknown): unknown {
  if (typeof found !== 'object' || found === null) return found;
  const recent = recentKeys.get(schema) ?? [];
  const same = recent.find(key => sameKey(key, found));
  if (same) return same;
  recentKeys.set(schema, [found, ...recent.slice(0, 3)]);
  return found;
}

/** Equal keys: the same value, or lists / plain objects (keys in the same order) of equal keys. */
function sameKey(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && sameArgs(a, b, sameKey);
  if (!isRecord(a) || !isRecord(b)) return Object.is(a, b);
  const keys = Object.keys(a);
  return sameArgs(keys, Object.keys(b)) && keys.every(k => sameKey(a[k], b[k]));
}

/** A `queryKey` as either protocol declares it: ours `(args, delegate)`, data-client's `(args, unvisit, delegate)`. */
type LegacyQueryKey = (args: readonly unknown[], d: QueryDelegate, delegate: QueryDelegate) => unknown;

function lookUp(schema: unknown, args: readonly unknown[], d: QueryDelegate): unknown {
  if (isSchemaObject(schema)) {
    // the delegate goes third as well: data-client 0.18's signature is `queryKey(args, unvisit, delegate)`
    if (typeof schema.queryKey === 'function') return (schema.queryKey as LegacyQueryKey).call(schema, args, d, d);
    return schema instanceof ObjectSchema ? lookUpFields(schema.schema, args, d) : undefined;
  }
  // a list literal has no lookup; a value type (`Date`) has no value to give
  if (Array.isArray(schema) || typeof schema === 'function') return undefined;
  return isRecord(schema) ? lookUpFields(schema, args, d) : schema;
}

function lookUpFields(definition: Record<string, unknown>, args: readonly unknown[], d: QueryDelegate): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field in definition) {
    if (isOwn(definition, field)) setPlain(out, field, lookUp(definition[field], args, d));
  }
  return out;
}

/**
 * True when no lookup inside a {@link queryKey} result came up empty: it is defined, not a
 * symbol (`INVALID`), and so is every field of an object, recursively. Stricter than
 * data-client's `validateQueryKey`, which accepts `INVALID`: a store view shows a result
 * only when everything in it is stored.
 *
 * @example
 * isCompleteQueryKey({ data: '1', page: 1 }); // true
 * isCompleteQueryKey({ data: undefined, page: 1 }); // false: User 1 is not stored
 */
export function isCompleteQueryKey(found: unknown): boolean {
  if (found === undefined || typeof found === 'symbol') return false;
  if (isRecord(found)) {
    for (const k of Object.keys(found)) if (!isCompleteQueryKey(found[k])) return false;
  }
  return true;
}
