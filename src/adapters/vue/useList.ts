import { computed, isRef, toValue, type ComputedRef, type MaybeRefOrGetter } from 'vue';
import { bridgeOf, valueRef } from './bridge.js';
import { liveList } from './liveList.js';

/**
 * A readonly ref of `list` for a `v-for` of rows that take each entity as a prop: the array stays
 * the same while only the entities in it change (it is new when entities are added, removed or
 * reordered), and each entity in it is one stable, read-only object per entity whose reads Vue
 * tracks per entity. A row reading `props.article.title` re-renders when that article (or an
 * entity nested in it) changes, and nothing else re-renders: the component with the `v-for` does
 * not. An entity that did not change is `===` between renders; `toRaw(article)` is the store's
 * immutable value as it is now (an instance of the entity's class); writes through the object
 * throw; Vue never makes it deeply reactive. Values that are not a list of entities pass as they are.
 *
 * Given the ref of `useSuspense`, `useCache`, `useLive` or `useQuery`, it holds a store subscription
 * of its own to the same view, arguments followed as that ref follows them; the ref given is left as
 * it is for its other readers. Given any other ref or getter, it maps each new value it gives.
 * A `watch` of a field (`() => article.title`) or a deep watch follows an entity; a `watch` of the
 * object alone does not (it stays the same object): watch `toRaw(article)` for a new value per change.
 *
 * @example
 * const articles = useList(await useSuspense(ArticleResource.getList));
 * // <ArticleRow v-for="article in articles" :key="article.id" :article="article" />
 * // ArticleRow: <li>{{ article.title }} · {{ article.author.name }}</li>
 */
export function useList<T>(list: MaybeRefOrGetter<T>): ComputedRef<T> {
  const bridge = isRef(list) ? bridgeOf(list) : undefined;
  if (bridge) return valueRef<T>(bridge.derive(signal => signal, liveList)) as ComputedRef<T>;
  const present = liveList();
  return computed(() => present(toValue(list)) as T);
}
