import type { ComputedRef } from 'vue';
import { resolveCall, sameCall } from './args.js';
import type { Call } from './args.js';
import { bridgeStore, settled, valueRef } from './bridge.js';
import type { ReadableSignal, StoreBridge } from './bridge.js';
import { useStoreSignals } from './context.js';
import type { DataOf, EachMaybeRef, EndpointLike, MaybeEndpointRef, StoreSignals, VueArgs } from './types.js';

/**
 * Awaits the first outcome of a suspense-style bridge and returns a computed ref over it: the
 * data, `undefined` while the current arguments are "not yet" or still loading, and the error
 * thrown on read so it reaches Vue's error handling (`onErrorCaptured`).
 */
export async function suspenseRef<T>(bridge: StoreBridge): Promise<ComputedRef<T>> {
  const first = await settled(bridge);
  if (first?.status === 'error') throw first.error;
  return valueRef<T>(bridge, true) as ComputedRef<T>;
}

/** Bridges `build(endpoint, args)` for the endpoint and arguments as they currently resolve. */
export function endpointBridge<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  args: readonly unknown[],
  build: (store: StoreSignals, call: Call<EndpointLike>) => ReadableSignal,
  caller: string,
): StoreBridge {
  const store = useStoreSignals(caller);
  return bridgeStore<Call<E>>(() => resolveCall<E>(endpoint, args), sameCall, call => build(store, call));
}

/**
 * The data of `endpoint(...args)` for an async `setup` under `<Suspense>`: the returned promise
 * resolves once the data is in the store (fetching it when missing or stale), so `<Suspense>`
 * shows its fallback until then; a failed load rejects and reaches `onErrorCaptured`. The
 * resolved value is a readonly `ComputedRef` that follows every later store update (refetches,
 * mutations elsewhere) without suspending again; its data is the store's object, never a deep
 * reactive copy. Arguments may be plain values, refs or getters and are followed: when they
 * change to data not yet loaded, the ref keeps the value it showed until the new data arrives
 * (Vue re-enters the fallback only for a new component, so give the component a `:key` of its
 * arguments to see `<Suspense>` again). `null` first means "not yet", and only then is the ref
 * typed `| undefined`: with arguments that are never `null`, the ref is typed as the data, as
 * `@data-client/vue` types it, and is never `undefined` once it had data. Call every composable before the first
 * `await` of a plain `async setup()` (`<script setup>` restores the instance for you); start
 * several at once with `Promise.all`.
 *
 * @example
 * const ArticlePage = defineComponent({
 *   props: { id: { type: Number, required: true } },
 *   async setup(props) {
 *     const article = await useSuspense(ArticleResource.get, () => ({ id: props.id }));
 *     return () => h('h1', article.value?.title);
 *   },
 * });
 * // <Suspense><ArticlePage :id="1" /><template #fallback>Loading…</template></Suspense>
 */
export function useSuspense<E extends EndpointLike>(endpoint: E, ...args: Parameters<E>): Promise<ComputedRef<DataOf<E>>>;
export function useSuspense<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: EachMaybeRef<Parameters<E>>
): Promise<ComputedRef<DataOf<E>>>;
export function useSuspense<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: VueArgs<Parameters<E>>
): Promise<ComputedRef<DataOf<E> | undefined>>;
export function useSuspense<E extends EndpointLike>(
  endpoint: MaybeEndpointRef<E>,
  ...args: readonly unknown[]
): Promise<ComputedRef<DataOf<E> | undefined>> {
  const bridge = endpointBridge(endpoint, args, (store, [e, a]) => store.suspense(e, ...a), 'useSuspense');
  return suspenseRef<DataOf<E> | undefined>(bridge);
}
