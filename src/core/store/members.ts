import { computed, untracked, type ReadonlySignal } from '@preact/signals-core';
import { isPlainObject } from '../schema/own.js';
import { membershipReads } from './membership.js';
import { responseSourceOf } from './responseSources.js';

/** An entity instance as a list shows it: its class names the entity type, `pk()` its key. */
interface EntityInstance {
  pk(): unknown;
  readonly constructor: { readonly key?: unknown };
}

function isEntityInstance(value: unknown): value is EntityInstance {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { pk?: unknown; constructor?: { key?: unknown } };
  return typeof v.pk === 'function' && typeof v.constructor?.key === 'string';
}

/** The same object, or two instances of one entity class with the same primary key. */
function sameMember(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isEntityInstance(a) || !isEntityInstance(b) || a.constructor !== b.constructor) return false;
  return String(a.pk()) === String(b.pk());
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && !sameMember(x, y)) return false;
  }
  return true;
}

/**
 * Whether `next` shows the same members as `prev`: the same value; or two arrays holding, in
 * the same order, the same entities (same class and primary key, whatever their fields now
 * hold) or identical other values; or two plain objects (a page: `{ results, cursor }`) with
 * the same own keys whose values are identical or such arrays. One identity pass, no
 * denormalizing: an entry the store did not change is the same object, so only changed
 * entries pay for a `pk()` call.
 *
 * @example
 * sameMembers([a1, b1], [a1Renamed, b1]); // true: a1Renamed is Article a1 with a new title
 * sameMembers([a1, b1], [b1, a1]);        // false: the order changed
 */
export function sameMembers(prev: unknown, next: unknown): boolean {
  if (prev === next) return true;
  if (Array.isArray(prev) && Array.isArray(next)) return sameList(prev, next);
  if (!isPlainObject(prev) || !isPlainObject(next)) return false;
  const keys = Object.keys(prev);
  if (keys.length !== Object.keys(next).length) return false;
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(next, k)) return false;
    const a = prev[k];
    const b = next[k];
    if (a !== b && !(Array.isArray(a) && Array.isArray(b) && sameList(a, b))) return false;
  }
  return true;
}

/**
 * A signal of `source`'s value that changes only when its membership does (see `sameMembers`):
 * while only fields of the listed entities change, it keeps handing out the array it showed
 * before, so whatever renders the list (a `<For>`, a `v-for`, an `effect`) does not re-run.
 * The entries it holds are then the entities as they were when membership last changed: each
 * row follows its own entity's signal instead (`client.query(Article, article.pk())`,
 * `useEntity(article)` in the adapters). Errors and pending promises `source` throws pass through.
 *
 * Over `client.cache(endpoint, ...args)` or `client.suspense(...)` of a list of entities (`[Item]`,
 * `schema.Array`, a `Collection`, or a page object of those) it does not even watch the list: it follows the
 * stored result and which rows of those entity types exist, and reads the list only when one of
 * those changes; an update of a listed entity's fields costs it nothing, whatever the list's
 * length. While watched, the GC then keeps every entity of the types the list shows; over
 * `client.suspense` the response is still fetched when it needs to be (checked again when its
 * result or membership changes).
 *
 * @example
 * const articles = membersOf(client.cache(ArticleResource.getList));
 * effect(() => renderList(articles.value)); // re-runs on add / remove / reorder only
 */
export function membersOf<T>(source: ReadonlySignal<T>): ReadonlySignal<T> {
  let shown: { value: T } | undefined;
  const keep = (next: T): T => {
    if (shown !== undefined && sameMembers(shown.value, next)) return shown.value;
    shown = { value: next };
    return next;
  };
  const src = responseSourceOf(source);
  const reads = src === undefined ? undefined : membershipReads(src);
  if (src === undefined || reads === undefined) return computed(() => keep(source.value));
  let releases: (() => void)[] = [];
  return computed(
    () => {
      reads.read();
      return keep(untracked(() => source.value));
    },
    {
      watched() {
        releases = reads.keys.map(k => src.store.entities.retain(k));
        if (src.watch) releases.push(src.watch(reads.read));
      },
      unwatched() {
        for (const release of releases) release();
        releases = [];
      },
    },
  );
}
