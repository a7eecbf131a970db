import { computed, shallowRef, watch } from 'vue';
import type { ComputedRef } from 'vue';
import { resolveArgs } from './args.js';
import type { EndpointLike, VueArgs } from './types.js';

/**
 * A computed ref of `endpoint` bound to a fresh `AbortSignal` for each distinct `args`
 * (compared by `endpoint.key(...args)`): when the arguments change, the request started for the
 * previous ones is aborted, so a slow reply for an old search never lands. Pass the ref to a
 * composable together with the same arguments. An aborted request rejects with `AbortError` and
 * writes nothing to the store.
 *
 * @example
 * const Search = defineComponent({
 *   props: { q: { type: String, required: true } },
 *   setup(props) {
 *     const args = () => ({ q: props.q });
 *     const { data } = useDLE(useCancelling(searchArticles, args), args);
 *     return () => h('ul', data.value?.map(a => h('li', { key: a.id }, a.title)));
 *   },
 * });
 */
export function useCancelling<E extends EndpointLike>(endpoint: E, ...args: VueArgs<Parameters<E>>): ComputedRef<E> {
  let controller: AbortController | undefined;
  const bind = (): E => {
    controller?.abort();
    controller = new AbortController();
    return endpoint.extend({ signal: controller.signal }) as E;
  };
  const key = computed(() => {
    const resolved = resolveArgs(args);
    return resolved === null ? null : endpoint.key(...resolved);
  });
  const current = shallowRef<E>(bind());
  // Synchronous: the abort and the new endpoint are in place before any consumer re-reads.
  watch(key, () => (current.value = bind()), { flush: 'sync' });
  return computed(() => current.value);
}
