import { untracked } from '@preact/signals-core';
import { denormalizeReader } from '../schema/denormalize.js';
import { normalizeToWriteSet } from '../schema/normalizeToWriteSet.js';
import { isCompleteQueryKey, queryKey } from '../schema/queryKey.js';
import { Entity } from '../schema/Entity.js';
import { pkString } from '../schema/visit.js';
import { PARTIAL_LOOKUP, type DenormalizeReader, type EntityMeta, type EntityReader, type WriteSet } from '../schema/protocol.js';
import type { Memo } from './memo.js';

/**
 * The store's only door to the schema layer. A reply of an endpoint without a schema is stored
 * as it is, so these wrappers pass it through instead of asking the schema layer.
 */

/** Normalizes `input` against `reader` into a write-set; nothing is written (throws on a schema mismatch). */
export function toWriteSet(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  reader: EntityReader,
  meta: EntityMeta,
  optimistic = false,
): WriteSet {
  if (schema === undefined || schema === null) {
    return { result: input, entities: new Map(), meta: new Map(), schemas: new Map() };
  }
  return normalizeToWriteSet(schema as never, input, args as unknown[], reader, meta, optimistic) as WriteSet;
}

/**
 * Denormalizes `input` through `reader`: through `memo` when the reader is one of the store's
 * own (an unchanged entity is the same object everywhere; `visible` reads untracked), else in
 * one walk of its own (the committed state, a snapshot). A deleted entity reads as undefined.
 */
export function fromNormalized(schema: unknown, input: unknown, args: readonly unknown[], reader: DenormalizeReader, memo: Memo): unknown {
  if (schema === undefined || schema === null) return input;
  if (reader === memo.reader) return memo.read(schema, input, args);
  if (reader === memo.visible) return untracked(() => memo.read(schema, input, args));
  return denormalizeReader(schema, input, reader, args, false);
}

/**
 * The normalized result a schema infers from its arguments alone (entity by pk, `All`, `Query`).
 * An entity class with Entity's own `queryKey` asked by its primary key alone infers that pk
 * without a lookup: the denormalize that follows reads the entity (a missing or deleted one
 * shows as undefined, as the lookup would give), so a row's view of an entity the memo holds
 * costs one dependency check.
 */
export function inferResult(schema: unknown, args: readonly unknown[], reader: EntityReader & DenormalizeReader): unknown {
  if (schema === undefined || schema === null) return undefined;
  if (args.length === 1 && typeof schema === 'function' && (schema as typeof Entity).queryKey === Entity.queryKey) {
    const pk = pkString(args[0]);
    if (pk !== undefined) return pk;
  }
  const found = queryKey(schema as never, args as unknown[], reader as never);
  // a key with any lookup missing (or `INVALID`) is not found: a view never shows half a result;
  // a Query over an object decides for itself (its callback runs with the members that exist)
  if ((schema as { [PARTIAL_LOOKUP]?: unknown })[PARTIAL_LOOKUP] === true) return found === undefined || typeof found === 'symbol' ? undefined : found;
  return isCompleteQueryKey(found) ? found : undefined;
}

