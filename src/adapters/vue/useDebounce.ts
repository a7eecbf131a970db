import { computed, getCurrentScope, onScopeDispose, shallowRef, toValue, watch } from 'vue';
import type { ComputedRef, MaybeRefOrGetter } from 'vue';

/**
 * The value of `value` once it has held still for `delay` ms: typing into a search box fetches
 * once the user pauses. `pending` is true while a newer value waits for its timer. With
 * `updatable` false the debounced value holds. Each argument may be a plain value, a ref or a
 * getter. The pending timer is cleared with the component.
 *
 * @example
 * const Search = defineComponent({
 *   setup() {
 *     const q = ref('');
 *     const [debounced] = useDebounce(q, 200);
 *     const { data } = useDLE(searchArticles, () => ({ q: debounced.value }));
 *     return () => h('input', { value: q.value, onInput: (e: Event) => (q.value = (e.target as HTMLInputElement).value) });
 *   },
 * });
 */
export function useDebounce<T>(
  value: MaybeRefOrGetter<T>,
  delay: MaybeRefOrGetter<number>,
  updatable: MaybeRefOrGetter<boolean> = true,
): [value: ComputedRef<T>, pending: ComputedRef<boolean>] {
  const debounced = shallowRef<T>(toValue(value));
  const pending = shallowRef(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // clearTimeout ignores an id that has fired or was never set.
  const stop = () => clearTimeout(timer);
  watch(
    () => [toValue(value), toValue(delay), toValue(updatable)] as const,
    ([next, ms, enabled]) => {
      stop();
      if (!enabled || Object.is(next, debounced.value)) {
        pending.value = false;
        return;
      }
      pending.value = true;
      timer = setTimeout(() => {
        debounced.value = next;
        pending.value = false;
      }, ms);
    },
    { flush: 'sync' },
  );
  if (getCurrentScope()) onScopeDispose(stop);
  return [computed(() => debounced.value), computed(() => pending.value)];
}
