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

/** The incoming items that are neither in `have` nor repeated earlier in `incoming`. */
function fresh(have: readonly unknown[], incoming: unknown): unknown[] {
  const out: unknown[] = [];
  // pk strings are looked up in a set; Union references `{ id, schema }` are compared by parts
  const pks = new Set<unknown>();
  const refs: unknown[] = [];
  const note = (v: unknown): void => void (isRecord(v) ? refs.push(v) : pks.add(v));
  const seen = (v: unknown): boolean => (isRecord(v) ? refs.some(r => sameRef(r, v)) : pks.has(v));
  for (const h of have) note(h);
  for (const i of list(incoming)) {
    if (seen(i)) continue;
    note(i);
    out.push(i);
  }
  return out;
}

/**
 * Appends incoming items (the merge of `getList.push` and of a default `move`). An item the list
 * already holds keeps its place: a reply that lands after a refetch already listing it (the
 * refetch left after the create) never shows the entity twice.
 *
 * @example
 * push(['1', '2'], ['3']); // ['1', '2', '3']
 * push(['1', '2'], ['2']); // ['1', '2']
 */
export const push: CollectionMerge = (existing, incoming) => {
  const have = list(existing);
  return [...have, ...fresh(have, incoming)];
};

/**
 * Prepends incoming items (for `moveWith(unshift)` and `getList.unshift`); as `push`, an item
 * already held keeps its place.
 *
 * @example
 * class NewestFirst extends Collection { constructor(s, o) { super(s, o); this.move = this.moveWith(unshift); } }
 */
export const unshift: CollectionMerge = (existing, incoming) => {
  const have = list(existing);
  return [...fresh(have, incoming), ...have];
};

/**
 * Appends the incoming items not already present (page merge for `getList.getPage`).
 *
 * @example
 * const nextPage = todos.addWith(appendUnique);
 */
export const appendUnique: CollectionMerge = push;

/**
 * True when `stored` (a list, or a Values map) holds every incoming item (`incoming` a list, a
 * map or one item): what a move asks before adding to or removing from a stored collection.
 *
 * @example
 * holdsItems(['1', '2'], ['2']); // true
 * holdsItems({ a: '1' }, { b: '2' }); // false
 */
export function holdsItems(stored: unknown, incoming: unknown): boolean {
  const have = isRecord(stored) ? Object.values(stored) : list(stored);
  const want = isRecord(incoming) && !('schema' in incoming) ? Object.values(incoming) : list(incoming);
  return want.every(w => have.some(h => sameRef(h, w)));
}

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
