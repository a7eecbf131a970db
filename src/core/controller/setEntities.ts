import { toWriteSet } from '../store/schemaOps.js';
import type { Store } from '../store/Store.js';
import type { ReplyMeta, StoreAction } from '../store/types.js';
import { lookup } from './Snapshot.js';

/**
 * The store action of `controller.set`: normalizes `value` (or `value(current)`, the committed data of
 * `schema(...args)`) against the committed state and commits the entities through the same
 * store action type as a reply without a result key, with `meta` (dated by the request clock when the
 * call was made), so ordering against
 * replies follows the replies' own rule (by when each write started). Throws, writing nothing,
 * when the value does not fit the schema; a function with no current value writes nothing.
 */
export function setEntities(store: Store, schema: unknown, args: readonly unknown[], value: unknown, meta: ReplyMeta): StoreAction | undefined {
  if (schema === undefined || schema === null) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'controller.set: a schema is required, got ' + String(schema) : 'controller.set: no-schema');
  let data = value;
  if (typeof value === 'function') {
    const current = lookup(store, store.committed, schema, args);
    if (current === undefined) return undefined;
    data = (value as (previous: unknown) => unknown)(current);
  }
  const writes = toWriteSet(schema, data, args, store.committed, meta);
  return { type: 'setResponse', key: undefined, writes, meta };
}
