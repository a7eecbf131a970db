import { toWriteSet } from '../store/schemaOps.js';
import type { Store } from '../store/Store.js';
import { DEFAULT_DATA_EXPIRY } from './NetworkManager.js';
import { requestClock } from './requestClock.js';
import { lookup } from './Snapshot.js';

/**
 * The write of `controller.set`: normalizes `value` (or `value(current)`, the committed data of
 * `schema(...args)`) against the committed state and commits the entities through the same
 * store action as a reply without a result key. Dated by the request clock, so ordering against
 * replies follows the replies' own rule (by when each write started). Throws, writing nothing,
 * when the value does not fit the schema; a function with no current value writes nothing.
 */
export function setEntities(store: Store, schema: unknown, args: readonly unknown[], value: unknown): void {
  if (schema === undefined || schema === null) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'controller.set: a schema is required, got ' + String(schema) : 'controller.set: no-schema');
  let data = value;
  if (typeof value === 'function') {
    const current = lookup(store, store.committed, schema, args);
    if (current === undefined) return;
    data = (value as (previous: unknown) => unknown)(current);
  }
  const now = Date.now();
  const meta = { date: requestClock(), fetchedAt: now, expiresAt: now + DEFAULT_DATA_EXPIRY };
  const writes = toWriteSet(schema, data, args, store.committed, meta);
  store.dispatch({ type: 'setResponse', key: undefined, writes, meta });
}
