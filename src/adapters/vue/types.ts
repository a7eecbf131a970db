import type { MaybeRefOrGetter, Ref } from 'vue';
import type { DataClient, DataClientOptions, DataOf, EndpointLike, StoreSignals } from '../../core/index.js';

// The shared vocabulary is the core's; this file adds only what is Vue's own (refs and getters).
export type { DataClient, DataClientOptions, DataOf, EndpointLike, StoreSignals };

/**
 * Each argument of `A` as a plain value, a ref or a getter (never `null`: the arguments are
 * always there).
 *
 * @example
 * const args: EachMaybeRef<[{ id: number }]> = [computed(() => ({ id: props.id }))];
 */
export type EachMaybeRef<A extends readonly unknown[]> = { readonly [K in keyof A]: MaybeRefOrGetter<A[K]> };

/**
 * The argument list a composable takes for an endpoint with parameters `A`: each argument a
 * plain value, a ref or a getter, and `null` (or a ref / getter yielding `null`) first meaning
 * "not yet".
 *
 * @example
 * const args: VueArgs<[{ id: number }]> = [() => (props.id ? { id: props.id } : null)];
 */
export type VueArgs<A extends readonly unknown[]> = A extends readonly []
  ? readonly [] | readonly [MaybeRefOrGetter<null>]
  : A extends readonly [infer H, ...infer T]
    ? readonly [MaybeRefOrGetter<H | null>, ...EachMaybeRef<T>]
    : EachMaybeRef<A> | readonly [MaybeRefOrGetter<null>];

/**
 * An endpoint, or a ref of one (the computed ref `useCancelling` returns). A getter is not
 * accepted here: an endpoint is itself a function, so the two could not be told apart.
 *
 * @example
 * const endpoint: MaybeEndpointRef<typeof search> = useCancelling(search, () => ({ q: q.value }));
 */
export type MaybeEndpointRef<E extends EndpointLike> = E | Readonly<Ref<E>>;
