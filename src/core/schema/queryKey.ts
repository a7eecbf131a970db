import type { DenormalizeReader } from './protocol.js';
import { ObjectSchema } from './ObjectSchema.js';
import { isOwn, isRecord, setPlain } from './own.js';
import { isSchemaObject, type QueryDelegate } from './visit.js';

/**
 * The normalized input a schema finds from its lookup arguments alone, without a stored
 * response: an Entity by pk or by an `indexes` field, `All`, `Query`, a Collection by its
 * arguments, a Union by its type field, and an object of these (`{ data: { article: Article } }`,
 * a plain literal or `schema.Object`), whose other fields keep the value the schema gives them.
 * Undefined when the store does not hold it: for an object, when any of its lookups finds
 * nothing (a list inside an object is never inferred), so a partial object is never shown.
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
  const found = lookUp(schema, args, d);
  return isComplete(found) ? found : undefined;
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

/** True when no lookup inside `found` came up empty (its fields, recursively, are all defined). */
function isComplete(found: unknown): boolean {
  if (found === undefined) return false;
  if (isRecord(found)) {
    for (const k of Object.keys(found)) if (!isComplete(found[k])) return false;
  }
  return true;
}
