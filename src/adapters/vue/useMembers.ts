import { computed, getCurrentScope, isRef, toValue, type ComputedRef, type MaybeRefOrGetter } from 'vue';
import { membersOf, sameMembers } from '../../core/index.js';
import { bridgeOf, bridgeStore, valueRef } from './bridge.js';
import type { ReadableSignal } from './bridge.js';

/**
 * A readonly ref of `list` that changes only when the list's membership does: entities added,
 * removed or reordered (see `sameMembers`). While only fields of listed entities change it keeps
 * the array it gave before, so the component rendering the `v-for` does not re-render; give each
 * row `useEntity` to follow its own entity. The fast path for big lists: an update costs one
 * row, not a diff of the whole list. Errors `list` throws on read pass through.
 *
 * Given the ref of `useSuspense` or `useCache` over a list of entities (`[Item]`, `schema.Array`,
 * a `Collection`, or a page object of those), it holds a store subscription of its own to the
 * list's membership (`membersOf`), arguments followed as that ref follows them; the ref given is
 * left as it is, so a heading or a total computed from it still follows every update.
 *
 * @example
 * const articles = useMembers(await useSuspense(ArticleResource.getList));
 * // <ArticleRow v-for="a in articles" :key="a.id" :article="a" />
 */
export function useMembers<T>(list: MaybeRefOrGetter<T>): ComputedRef<T> {
  // the ref of a store view: a membership subscription of its own; `list` is left as it is
  const bridge = isRef(list) ? bridgeOf(list) : undefined;
  if (bridge) {
    // a server bridge (nothing made) reads the store afresh: its list is shown as it is
    if (!bridge.made) return valueRef<T>(bridge) as ComputedRef<T>;
    const [resolve, same, build, scope] = bridge.made as readonly [() => unknown, (a: unknown, b: unknown) => boolean, (call: unknown) => ReadableSignal, typeof bridge.made[3]];
    // made after an `await` of a plain async setup (no scope then), it lives and ends with the
    // given ref's scope, so `useMembers(await useSuspense(…))` releases its subscription on unmount
    const make = () => bridgeStore(resolve, same, call => membersOf(build(call) as Parameters<typeof membersOf>[0]));
    return valueRef<T>((!getCurrentScope() && scope?.run(make)) || make()) as ComputedRef<T>;
  }
  return computed<T>(previous => {
    const next = toValue(list);
    return previous !== undefined && sameMembers(previous, next) ? previous : next;
  });
}
