import type { ReadonlySignal } from '@preact/signals-core';
import { createMemo, type Accessor } from 'solid-js';
import { membersOf, sameMembers } from '../../core/index.js';
import { followingOf, storeSource } from './bridge.js';

/**
 * An accessor of `list` that changes only when the list's membership does: entities added,
 * removed or reordered (see `sameMembers`). While only fields of listed entities change it keeps
 * the array it gave before, so the `<For>` over it does not re-run; give each row `useEntity` to
 * follow its own entity. The fast path for big lists: an update costs one row, not the list.
 * `<Loading>`, `isPending` and errors of `list` (e.g. a `useSuspense` accessor) pass through.
 *
 * Given the accessor of `useSuspense`, `useLive` or `useCache` over a list of entities (`[Item]`,
 * `schema.Array`, a `Collection`, or a page object of those), it holds a store subscription of its
 * own to the list's membership (`membersOf`), following the same calls; the accessor given is left
 * as it is, so a heading or a total computed from it still follows every update. While that
 * subscription has no value yet (pending, an error), it shows what `list` shows.
 *
 * @example
 * function Articles() {
 *   const articles = useMembers(useSuspense(ArticleResource.getList));
 *   return <For each={articles()}>{a => <ArticleRow article={a} />}</For>;
 * }
 */
export function useMembers<T>(list: Accessor<T>): Accessor<T> {
  const following = followingOf(list);
  if (following === undefined) return createMemo(list, { equals: sameMembers });
  const source = storeSource();
  let followed: unknown;
  return createMemo(
    () => {
      const call = following.call();
      source.version();
      if (call !== followed) {
        followed = call;
        source.follow(call === null ? null : membersOf(following.build(call) as ReadonlySignal<unknown>));
      }
      const outcome = source.outcome();
      return outcome !== null && outcome.status === 'value' ? (outcome.value as T) : list();
    },
    { equals: sameMembers },
  );
}
