import { getOwn, isRecord, setPlain } from './own.js';

/**
 * The merge functions Collections combine stored lists with. A normalized item is a pk string
 * or a Union reference `{ id, schema }`; two items are the same when both parts are equal.
 */

/**
 * A merge of a stored collection value with an incoming one.
 *
 * @example
 * const newestFirst: CollectionMerge = (existing, incoming) => unshift(existing, incoming);
 */
export type CollectionMerge = (existing: unknown, incoming: unknown) => unknown;

function sameRef(a: unknown, b: unknown): boolean {
  if (isRecord(a) && isRecord(b)) return getOwn(a, 'id') === getOwn(b, 'id') && getOwn(a, 'schema') === getOwn(b, 'schema');
  return a === b;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/**
 * Appends incoming items (the merge of `getList.push` and of a default `move`).
 *
 * @example
 * push(['1', '2'], ['3']); // ['1', '2', '3']
 */
export const push: CollectionMerge = (existing, incoming) => [...list(existing), ...list(incoming)];

/**
 * Prepends incoming items (for `moveWith(unshift)` and `getList.unshift`).
 *
 * @example
 * class NewestFirst extends Collection { constructor(s, o) { super(s, o); this.move = this.moveWith(unshift); } }
 */
export const unshift: CollectionMerge = (existing, incoming) => [...list(incoming), ...list(existing)];

/**
 * Appends the incoming items not already present (page merge for `getList.getPage`).
 *
 * @example
 * const nextPage = todos.addWith(appendUnique);
 */
export const appendUnique: CollectionMerge = (existing, incoming) => {
  const have = list(existing);
  return [...have, ...list(incoming).filter(i => !have.some(h => sameRef(h, i)))];
};

/** Removes the incoming items from a list. */
export const removeItems: CollectionMerge = (existing, incoming) => {
  const gone = list(incoming);
  return list(existing).filter(i => !gone.some(g => sameRef(i, g)));
};

/** Assigns incoming entries into a Values collection. */
export const assignValues: CollectionMerge = (existing, incoming) => {
  const out: Record<string, unknown> = {};
  for (const src of [existing, incoming]) {
    if (isRecord(src)) for (const k of Object.keys(src)) setPlain(out, k, src[k]);
  }
  return out;
};

/** Removes the incoming values from a Values collection. */
export const removeValues: CollectionMerge = (existing, incoming) => {
  const gone = isRecord(incoming) ? Object.values(incoming) : list(incoming);
  const out: Record<string, unknown> = {};
  if (isRecord(existing)) {
    for (const k of Object.keys(existing)) if (!gone.some(g => sameRef(existing[k], g))) setPlain(out, k, existing[k]);
  }
  return out;
};

/** Replaces the stored value (a fresh fetch of the list). */
export const replace: CollectionMerge = (_existing, incoming) => incoming;
