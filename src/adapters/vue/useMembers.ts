import { computed, isRef, toValue, type ComputedRef, type MaybeRefOrGetter } from 'vue';
import { membersOf, sameMembers } from '../../core/index.js';
import { bridgeOf } from './bridge.js';

/**
 * A readonly ref of `list` that changes only when the list's membership does: entities added,
 * removed or reordered (see `sameMembers`). While only fields of listed entities change it keeps
 * the array it gave before, so the component rendering the `v-for` does not re-render; give each
 * row `useEntity` to follow its own entity. The fast path for big lists: an update costs one
 * row, not a diff of the whole list. Errors `list` throws on read pass through.
 *
 * Given the ref of `useSuspense` or `useCache` over a list of entities (`[Item]`, `schema.Array`,
 * a `Collection`, or a page object of those), it does not even watch the list: that ref's store
 * subscription switches to the list's membership (`membersOf`), so an entity update re-derives
 * nothing of the list, whatever its length. That ref then changes only with membership too.
 *
 * @example
 * const articles = useMembers(await useSuspense(ArticleResource.getList));
 * // <ArticleRow v-for="a in articles" :key="a.id" :article="a" />
 */
export function useMembers<T>(list: MaybeRefOrGetter<T>): ComputedRef<T> {
  if (isRef(list)) bridgeOf(list)?.membersOnly(membersOf);
  return computed<T>(previous => {
    const next = toValue(list);
    return previous !== undefined && sameMembers(previous, next) ? previous : next;
  });
}
