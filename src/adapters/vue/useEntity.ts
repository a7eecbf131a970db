import { toValue, type ComputedRef, type MaybeRefOrGetter } from 'vue';
import { bridgeStore, derived, valueRef } from './bridge.js';
import { sameCall, type Call } from './args.js';
import { useStoreSignals } from './context.js';

/**
 * What `useEntity` follows: an entity instance (its class is looked up by `pk()`).
 *
 * @example
 * const row: EntityInstance = article;
 */
export interface EntityInstance {
  pk(): string | number | undefined;
}

/**
 * A readonly ref of `entity` as the store shows it now: it follows that entity's own signal
 * (found by its class and `pk()`), so a row re-renders when its entity (or an entity nested in
 * it) changes and nothing else re-renders. Pair it with `useMembers` for big lists. Until the
 * store holds the entity (or once it is removed, before the list drops its row) it gives
 * `entity` as passed.
 *
 * @example
 * const ArticleRow = defineComponent({
 *   props: { article: { type: Article, required: true } },
 *   setup(props) {
 *     const article = useEntity(() => props.article);
 *     return () => h('li', `${article.value.title} · ${article.value.author.name}`);
 *   },
 * });
 */
export function useEntity<E extends EntityInstance>(entity: MaybeRefOrGetter<E>): ComputedRef<E> {
  const store = useStoreSignals('useEntity');
  const bridge = bridgeStore<Call>(
    () => {
      const e = toValue(entity);
      const pk = e.pk();
      return pk === undefined ? null : [e.constructor, [String(pk)]];
    },
    sameCall,
    ([schema, args]) => store.query(schema, ...args),
  );
  const current = valueRef<E>(bridge);
  return derived(bridge, () => current.value ?? toValue(entity));
}
