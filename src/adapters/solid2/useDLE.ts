import { createMemo } from 'solid-js';
import { createCall, type Call } from './call.js';
import { useStoreSignals } from './context.js';
import { storeAccessor } from './storeAccessor.js';
import type { DataOf, DLEAccessors, EndpointOf, MaybeEndpointAccessor, SolidArgs } from '../solid/types.js';
import type { DLE } from '../../core/index.js';

export type { DLEAccessors };

const NOT_YET: DLE<never> = { data: undefined, loading: false, error: undefined };

/**
 * Data, loading and error of `endpoint(...args)` without suspending and without throwing: it
 * fetches when the data is missing or stale, and the error is in `error()`. Each accessor changes
 * only when its own part does, so a view reading `data()` does not re-run when `loading()` flips.
 * Arguments may be values or accessors; `null` first means "not yet" (`loading()` is false).
 *
 * @example
 * function ArticleView(props: { id: number }) {
 *   const { data, loading, error } = useDLE(ArticleResource.get, () => ({ id: props.id }));
 *   return <Show when={!error()} fallback={<p>{error()?.message}</p>}>
 *     <p>{loading() ? 'Loading…' : data()?.title}</p>
 *   </Show>;
 * }
 */
export function useDLE<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): DLEAccessors<DataOf<EndpointOf<E>>> {
  const store = useStoreSignals('useDLE');
  const state = storeAccessor<Call, DLE<DataOf<EndpointOf<E>>>>(createCall(endpoint, args), c => store.dle(c.endpoint, ...c.args), NOT_YET);
  return {
    data: createMemo(() => state().data),
    loading: createMemo(() => state().loading),
    error: createMemo(() => state().error),
  };
}
