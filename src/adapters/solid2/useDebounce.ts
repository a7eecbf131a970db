import { createEffect, createSignal, untrack, type Accessor } from 'solid-js';
import { readValue } from '../solid/args.js';
import type { MaybeAccessor } from '../solid/types.js';

/**
 * The value of `value` once it has held still for `delay` ms: typing into a search box fetches
 * once the user pauses. `pending()` is true while a newer value waits for its timer. With
 * `updatable` false the debounced value holds. The pending timer is cleared with the owner.
 *
 * @example
 * function Search() {
 *   const [q, setQ] = createSignal('');
 *   const [debounced] = useDebounce(q, 200);
 *   const { data } = useDLE(searchArticles, () => ({ q: debounced() }));
 *   return <input onInput={e => setQ(e.currentTarget.value)} />;
 * }
 */
export function useDebounce<T>(
  value: MaybeAccessor<T>,
  delay: MaybeAccessor<number>,
  updatable: MaybeAccessor<boolean> = true,
): [value: Accessor<T>, pending: Accessor<boolean>] {
  // seeded once with the value it starts from (a snapshot is the point); later values go through the timer
  const [debounced, setDebounced] = createSignal<T>(() => untrack(() => readValue(value)));
  const [pending, setPending] = createSignal(false);
  createEffect(
    () => ({ next: readValue(value), ms: readValue(delay), enabled: readValue(updatable) }),
    ({ next, ms, enabled }) => {
      if (!enabled || Object.is(next, untrack(debounced))) {
        setPending(false);
        return;
      }
      setPending(true);
      const timer = setTimeout(() => {
        setDebounced(() => next);
        setPending(false);
      }, ms);
      return () => clearTimeout(timer);
    },
  );
  return [debounced, pending];
}
