import type { DenormalizeReader } from './protocol.js';
import { isSchemaObject, type QueryDelegate } from './visit.js';

/**
 * The normalized input a schema finds from its lookup arguments alone, without a stored
 * response: an Entity by pk or by an `indexes` field, `All`, `Query`, a Collection by its
 * arguments, a Union by its type field. Undefined when the store does not hold it.
 *
 * @example
 * queryKey(User, [{ username: 'ann' }], reader); // '1' when User.indexes includes 'username'
 * queryKey(new All(User), [], reader); // ['1', '2']
 */
export function queryKey(schema: unknown, args: readonly unknown[], reader: DenormalizeReader): unknown {
  if (!isSchemaObject(schema) || typeof schema.queryKey !== 'function') return undefined;
  const d: QueryDelegate = {
    args,
    getEntity: (key, pk) => reader.getEntity(key, pk),
    getPks: key => reader.getPks(key),
    getIndex: (key, field, value) => reader.getIndex(key, field, value),
  };
  return schema.queryKey(args, d);
}
