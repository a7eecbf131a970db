import { computed, toValue, type ComputedRef, type MaybeRefOrGetter } from 'vue';
import { sameMembers } from '../../core/index.js';

/**
 * A readonly ref of `list` that changes only when the list's membership does: entities added,
 * removed or reordered (see `sameMembers`). While only fields of listed entities change it keeps
 * the array it gave before, so the component rendering the `v-for` does not re-render; give each
 * row `useEntity` to follow its own entity. The fast path for big lists: an update costs one
 * row, not a diff of the whole list. Errors `list` throws on read pass through.
 *
 * @example
 * const articles = useMembers(await useSuspense(ArticleResource.getList));
 * // <ArticleRow v-for="a in articles" :key="a.id" :article="a" />
 */
export function useMembers<T>(list: MaybeRefOrGetter<T>): ComputedRef<T> {
  return computed<T>(previous => {
    const next = toValue(list);
    return previous !== undefined && sameMembers(previous, next) ? previous : next;
  });
}
