import { computed, isRef, toValue, type ComputedRef, type MaybeRefOrGetter } from 'vue';
import { bridgeOf } from './bridge.js';
import { liveList } from './liveList.js';

/**
 * A readonly ref of `list` as `useSuspense` shows a list of entities, for a list that does not
 * come from a store composable (a `computed`, a prop, a getter): the array stays the same while
 * only the entities in it change (it is new when entities are added, removed or reordered), and
 * each entity in it is one stable, read-only object per entity whose reads Vue tracks per entity.
 * A row reading `props.article.title` re-renders when that article (or an entity nested in it)
 * changes, and nothing else re-renders. An entity that did not change is `===` between renders;
 * `toRaw(article)` is the store's immutable value as it is now; writes through the object throw;
 * Vue never makes it deeply reactive. Values that are not a list of entities pass as they are.
 *
 * The refs of `useSuspense`, `useCache`, `useLive` and `useQuery` already show their lists so:
 * given one of them, it returns it as it is (no second subscription).
 *
 * @example
 * const filtered = useList(() => props.articles.filter(a => a.published));
 * // <ArticleRow v-for="article in filtered" :key="article.id" :article="article" />
 */
export function useList<T>(list: MaybeRefOrGetter<T>): ComputedRef<T> {
  if (isRef(list) && bridgeOf(list)) return list as ComputedRef<T>;
  const present = liveList();
  return computed(() => present(toValue(list)) as T);
}
