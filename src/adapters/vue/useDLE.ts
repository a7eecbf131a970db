import type { ComputedRef } from 'vue';
import { derived } from './bridge.js';
import { toError } from './toError.js';
import { endpointBridge } from './useSuspense.js';
import type { DataOf, EndpointLike, MaybeEndpointRef, VueArgs } from './types.js';
import type { DLE as DLEState } from '../../core/index.js';

/**
 * What `useDLE` returns: the data, the loading flag and the error, each a readonly computed ref.
 *
 * @example
 * const { data, loading, error }: DLE<Article> = useDLE(ArticleResource.get, { id: 1 });
 */
export interface DLE<T> {
  readonly data: ComputedRef<T | undefined>;
  readonly loading: ComputedRef<boolean>;
  readonly error: ComputedRef<Error | undefined>;
}

/**
 * Data, loading and error of `endpoint(...args)` without suspending: fetches when the data is
 * missing or stale and never throws (the error is in `error`). Each ref changes only when its
 * own part does, so a view reading `data` does not re-render when `loading` flips. Arguments may
 * be plain values, refs or getters and are followed; `null` first means "not yet" (`loading` is
 * false, nothing is fetched). The subscription ends with the component.
 *
 * @example
 * const ArticleView = defineComponent({
 *   props: { id: { type: Number, required: true } },
 *   setup(props) {
 *     const { data, loading, error } = useDLE(ArticleResource.get, () => ({ id: props.id }));
 *     return () => (error.value ? h('p', error.value.message) : h('p', loading.value ? 'Loading…' : data.value?.title));
 *   },
 * });
 */
export function useDLE<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: VueArgs<Parameters<E>>
): DLE<DataOf<E>> {
  const bridge = endpointBridge(endpoint, args, (store, [e, a]) => store.dle(e, ...a), 'useDLE');
  const state = derived(bridge, (): Partial<DLEState<DataOf<E>>> => {
    const now = bridge.outcome.value;
    if (now === null) return {};
    if (now.status === 'pending') return { loading: true };
    if (now.status === 'error') return { error: toError(now.error) };
    return now.value as DLEState<DataOf<E>>;
  });
  return {
    data: derived(bridge, () => state.value.data),
    loading: derived(bridge, () => state.value.loading === true),
    error: derived(bridge, () => state.value.error),
  };
}
