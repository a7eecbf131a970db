import type { Accessor } from 'solid-js';
import type { DataClient, DataClientOptions, DataOf, EndpointLike, StoreSignals } from '../../core/index.js';

// The shared vocabulary is the core's; this file adds only what is Solid's own (accessors).
export type { DataClient, DataClientOptions, DataOf, EndpointLike, StoreSignals };

/**
 * A plain value, or an accessor whose current value is used (and followed when it changes).
 *
 * @example
 * const id: MaybeAccessor<number> = () => props.id;
 */
export type MaybeAccessor<T> = T | Accessor<T>;

type EachMaybeAccessor<A extends readonly unknown[]> = { readonly [K in keyof A]: MaybeAccessor<A[K]> };

/**
 * The argument list a primitive takes for an endpoint with parameters `A`: each argument a value
 * or an accessor, and `null` (or an accessor yielding `null`) first meaning "not yet".
 *
 * @example
 * const args: SolidArgs<[{ id: number }]> = [() => (props.id ? { id: props.id } : null)];
 */
export type SolidArgs<A extends readonly unknown[]> = A extends readonly []
  ? readonly [] | readonly [MaybeAccessor<null>]
  : A extends readonly [infer H, ...infer T]
    ? readonly [MaybeAccessor<H | null>, ...EachMaybeAccessor<T>]
    : EachMaybeAccessor<A> | readonly [MaybeAccessor<null>];

/** An endpoint, or an accessor yielding one (as `useCancelling` returns). */
export type MaybeEndpointAccessor = EndpointLike | Accessor<EndpointLike>;

/**
 * The endpoint `E` stands for: itself, or what an accessor `E` yields. Inferring the endpoint
 * from one type parameter this way (rather than from `E | Accessor<E>`, where TypeScript would
 * also infer from the accessor branch) keeps the parameter and result types exact.
 */
export type EndpointOf<E> = E extends { key: unknown } ? E : E extends () => infer X ? X : never;

/**
 * What `useDLE` returns: the data, the loading flag and the error, each an accessor.
 *
 * @example
 * const { data, loading, error }: DLEAccessors<Article> = useDLE(ArticleResource.get, { id: 1 });
 */
export interface DLEAccessors<T> {
  data: Accessor<T | undefined>;
  loading: Accessor<boolean>;
  error: Accessor<Error | undefined>;
}
