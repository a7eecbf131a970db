import { createComputed, createSignal, onCleanup, untrack } from 'solid-js';
import type { Accessor } from 'solid-js';
import { readValue } from './args.js';
import type { MaybeAccessor } from './types.js';

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
  const initial = readValue(value);
  const [debounced, setDebounced] = createSignal<T>(initial);
  const [pending, setPending] = createSignal(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // clearTimeout ignores an id that has fired or was never set.
  const stop = () => clearTimeout(timer);
  createComputed(() => {
    const next = readValue(value);
    const ms = readValue(delay);
    const enabled = readValue(updatable);
    stop();
    if (!enabled || Object.is(next, untrack(debounced))) {
      setPending(false);
      return;
    }
    setPending(true);
    timer = setTimeout(() => {
      setDebounced(() => next);
      setPending(false);
    }, ms);
  });
  onCleanup(stop);
  return [debounced, pending];
}
