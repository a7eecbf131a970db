import type { MaybeRefOrGetter, Ref } from 'vue';
import type { createDataClient } from '../../core/index.js';

/**
 * The client `createDataClient()` returns: the store, its Controller and the vanilla signal API.
 *
 * @example
 * const client: DataClient = useDataClient();
 */
export type DataClient = ReturnType<typeof createDataClient>;

/**
 * The options `createDataClient(options)` accepts (`managers`, `gcPolicy`, `initialState`).
 *
 * @example
 * const options: DataClientOptions = { initialState: window.__DATA__ };
 */
export type DataClientOptions = NonNullable<Parameters<typeof createDataClient>[0]>;

/**
 * What the composables need from an endpoint: callable (its promise type is the data type), a
 * cache key and `extend`. `RestEndpoint` and `Endpoint` of the core satisfy it.
 *
 * @example
 * function useTitle<E extends EndpointLike>(endpoint: E, ...args: VueArgs<Parameters<E>>) {}
 */
export interface EndpointLike {
  // `any` parameters: every endpoint's parameter list must be assignable here.
  (...args: any[]): Promise<unknown>;
  key(...args: any[]): string;
  extend(options: any): unknown;
}

/**
 * The data an endpoint resolves to (its denormalized value).
 *
 * @example
 * type One = DataOf<typeof ArticleResource.get>; // Article
 */
export type DataOf<E> = E extends (...args: any[]) => Promise<infer R> ? R : unknown;

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

/**
 * The vanilla signal API as the adapter calls it. Typed loosely on purpose: the adapter forwards
 * arguments it has resolved itself and types its own results from the endpoint.
 */
export interface StoreSignals {
  suspense(endpoint: unknown, ...args: readonly unknown[]): { readonly value: unknown };
  dle(endpoint: unknown, ...args: readonly unknown[]): { readonly value: unknown };
  cache(endpoint: unknown, ...args: readonly unknown[]): { readonly value: unknown };
  query(queryable: unknown, ...args: readonly unknown[]): { readonly value: unknown };
  live(endpoint: unknown, ...args: readonly unknown[]): { readonly value: unknown };
}
