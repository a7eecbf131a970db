import type { Accessor } from 'solid-js';
import { readValue } from './args.js';
import { useStoreSignals } from './context.js';
import { storeAccessor } from './storeAccessor.js';
import type { MaybeAccessor } from './types.js';

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
 * An accessor of `entity` as the store shows it now: it follows that entity's own signal (found
 * by its class and `pk()`), so a row re-renders when its entity (or an entity nested in it)
 * changes and nothing else re-runs. Pair it with `useMembers` for big lists. Until the store
 * holds the entity (or once it is removed, before the list drops its row) it gives `entity` as
 * passed.
 *
 * @example
 * function ArticleRow(props: { article: Article }) {
 *   const article = useEntity(() => props.article);
 *   return <li>{article().title} · {article().author.name}</li>;
 * }
 */
export function useEntity<E extends EntityInstance>(entity: MaybeAccessor<E>): Accessor<E> {
  const store = useStoreSignals('useEntity');
  const current = storeAccessor<readonly [unknown, string], E | undefined>(
    () => {
      const e = readValue(entity);
      const pk = e.pk();
      return pk === undefined ? null : [e.constructor, String(pk)];
    },
    ([schema, pk]) => store.query(schema, pk),
    undefined,
  );
  return () => current() ?? readValue(entity);
}
