import { createMemo, type Accessor } from 'solid-js';
import { membersOf, sameMembers } from '../../core/index.js';
import { watchOf } from './bridge.js';

/**
 * An accessor of `list` that changes only when the list's membership does: entities added,
 * removed or reordered (see `sameMembers`). While only fields of listed entities change it keeps
 * the array it gave before, so the `<For>` over it does not re-run; give each row `useEntity` to
 * follow its own entity. The fast path for big lists: an update costs one row, not the list.
 * Suspense and errors of `list` (e.g. a `useSuspense` resource) pass through.
 *
 * Given the resource of `useSuspense` or the accessor of `useCache` over a list of entities
 * (`[Item]`, `schema.Array`, a `Collection`, or a page object of those), it does not even watch
 * the list: that accessor's store subscription switches to the list's membership (`membersOf`),
 * so an entity update re-derives nothing of the list, whatever its length. That accessor then
 * changes only with membership too.
 *
 * @example
 * function Articles() {
 *   const articles = useMembers(useSuspense(ArticleResource.getList));
 *   return <For each={articles()}>{a => <ArticleRow article={a} />}</For>;
 * }
 */
export function useMembers<T>(list: Accessor<T>): Accessor<T> {
  watchOf(list)?.membersOnly(membersOf);
  return createMemo(list, undefined, { equals: sameMembers });
}
