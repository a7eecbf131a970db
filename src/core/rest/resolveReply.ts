import { Invalidate } from '../schema/Invalidate.js';
import { denormalizeWrites } from '../schema/denormalize.js';
import { EMPTY_READER, normalizeToWriteSet } from '../schema/normalizeToWriteSet.js';
import type { Denormalized } from './denormalizedType.js';

/**
 * What calling an endpoint resolves to: with a schema, the denormalized value (entity class
 * instances); with no schema, or an `Invalidate` schema (a delete), the processed reply `R`.
 */
export type Resolved<S, R> =
  unknown extends S ? R
  : [S] extends [undefined | null] ? R
  : S extends abstract new (...args: never[]) => unknown ? Denormalized<S>
  : S extends Invalidate<infer E> ? (E extends abstract new (...args: never[]) => unknown ? R : Denormalized<S>)
  : Denormalized<S>;

/**
 * Runs an endpoint's `fetch` and, when it has a schema, passes the reply through the store's
 * normalize and denormalize (over no stored entity, into a write-set and a cache that are
 * dropped afterwards) so the caller gets the same typed value the store would show.
 * A reply that does not fit the schema rejects with the schema's error, as the store rejects it.
 * An empty reply (`null`: a 204 or an empty body) resolves to `null` without normalizing, as
 * data-client's direct call does; through the store (`controller.fetch`) it still rejects, and
 * nothing is written.
 *
 * @example
 * const user = await resolveReply(getUser, [{ id: 1 }]); // a User instance
 */
export async function resolveReply(
  endpoint: { fetch(...args: unknown[]): Promise<unknown>; readonly schema?: unknown },
  args: readonly unknown[],
): Promise<unknown> {
  const value = await endpoint.fetch(...args);
  const schema = endpoint.schema;
  if (schema === undefined || schema === null || schema instanceof Invalidate || value === null) return value;
  const writes = normalizeToWriteSet(schema, value, args, EMPTY_READER, { fetchedAt: 0, date: Date.now(), expiresAt: Infinity });
  const data = denormalizeWrites(schema, writes, args);
  // a deleted entity resolves to undefined, as the store's views show it
  return typeof data === 'symbol' ? undefined : data;
}
