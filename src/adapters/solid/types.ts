import type { Accessor } from 'solid-js';
import type { DataClient, DataClientOptions } from '../../core/index.js';

export type { DataClient, DataClientOptions };

/**
 * A plain value, or an accessor whose current value is used (and followed when it changes).
 *
 * @example
 * const id: MaybeAccessor<number> = () => props.id;
 */
export type MaybeAccessor<T> = T | Accessor<T>;

/**
 * What the primitives need from an endpoint: callable (its promise type is the data type), a
 * cache key and `extend`. `RestEndpoint` and `Endpoint` of the core satisfy it.
 *
 * @example
 * function useTitle<E extends EndpointLike>(endpoint: E, ...args: SolidArgs<Parameters<E>>) {
 *   return useCache(endpoint, ...args);
 * }
 */
export interface EndpointLike {
  // `any` parameters: every endpoint's parameter list must be assignable here.
  (...args: any[]): Promise<unknown>;
  key(...args: any[]): string;
  extend(options: any): unknown;
}

/** The data an endpoint resolves to (its denormalized value). */
export type DataOf<E> = E extends (...args: any[]) => Promise<infer R> ? R : unknown;

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
