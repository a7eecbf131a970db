import { createMemo, createSignal, type Accessor } from 'solid-js';
import { membersOf, sameMembers } from '../../core/index.js';
import { watchOf, type Outcome } from './bridge.js';

/**
 * An accessor of `list` that changes only when the list's membership does: entities added,
 * removed or reordered (see `sameMembers`). While only fields of listed entities change it keeps
 * the array it gave before, so the `<For>` over it does not re-run; give each row `useEntity` to
 * follow its own entity. The fast path for big lists: an update costs one row, not the list.
 * Suspense and errors of `list` (e.g. a `useSuspense` resource) pass through.
 *
 * Given the resource of `useSuspense` or the accessor of `useCache` over a list of entities
 * (`[Item]`, `schema.Array`, a `Collection`, or a page object of those), it holds a store
 * subscription of its own to the list's membership (`membersOf`), arguments followed as that
 * accessor follows them; the accessor given is left as it is, so a heading or a total computed
 * from it still follows every update. While that subscription has no value yet (pending, an
 * error), it shows what `list` shows, so Suspense and error boundaries see `list` itself.
 *
 * @example
 * function Articles() {
 *   const articles = useMembers(useSuspense(ArticleResource.getList));
 *   return <For each={articles()}>{a => <ArticleRow article={a} />}</For>;
 * }
 */
export function useMembers<T>(list: Accessor<T>): Accessor<T> {
  const watch = watchOf(list);
  if (watch === undefined) return createMemo(list, undefined, { equals: sameMembers });
  const [members, setMembers] = createSignal<Outcome | null>(null, { equals: false });
  watch.derive(membersOf, outcome => setMembers(() => outcome));
  return createMemo(
    () => {
      const outcome = members();
      return outcome !== null && outcome.status === 'value' ? (outcome.value as T) : list();
    },
    undefined,
    { equals: sameMembers },
  );
}
