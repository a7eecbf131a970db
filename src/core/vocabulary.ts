// Types every adapter imports from the core (none defines its own), so no cast between the layers.
import type { DataClient, DataOf } from './client.js';
import type { AnyEndpoint } from './controller/index.js';
import type { DenormalizeNullable } from './schema/types.js';

export type { DataOf };

/**
 * What a view primitive accepts as its endpoint: anything the client's signal API accepts.
 *
 * @example
 * function useTitle<E extends EndpointLike>(endpoint: E, ...args: Parameters<E>) {
 *   return useCache(endpoint, ...args);
 * }
 */
export type EndpointLike = AnyEndpoint;

/**
 * What a lookup of queryable `S` yields in `controller.get`, `client.query` and `useQuery`.
 *
 * @example
 * type One = QueryResult<typeof Article>; // Article | undefined
 * type Every = QueryResult<All<typeof Article>>; // Article[] | undefined
 */
export type QueryResult<S> = DenormalizeNullable<S>;

/**
 * The part of a client's signal API an adapter builds its views on. A `DataClient` is one.
 *
 * @example
 * const signals: StoreSignals = createDataClient();
 * const title = signals.cache(ArticleResource.get, { id: 1 });
 */
export type StoreSignals = Pick<DataClient, 'suspense' | 'dle' | 'cache' | 'query' | 'live'>;

/**
 * A store signal as an adapter reads it: anything with a `value`.
 *
 * @example
 * const view: ReadableSignal<Article | undefined> = client.cache(ArticleResource.get, { id: 1 });
 */
export interface ReadableSignal<T = unknown> {
  readonly value: T;
}

/**
 * What one read of a store signal gave: its value, the promise thrown while pending, or the error.
 *
 * @example
 * const outcome: Outcome<Article> = readOutcome(client.suspense(ArticleResource.get, { id: 1 }));
 * if (outcome.status === 'value') console.log(outcome.value.title);
 */
export type Outcome<T = unknown> =
  | { readonly status: 'value'; readonly value: T }
  | { readonly status: 'pending'; readonly promise: PromiseLike<unknown> }
  | { readonly status: 'error'; readonly error: unknown };

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * Reads a store signal once (tracked, as any `.value` read); a thrown promise is `pending`, anything
 * else thrown `error`. Never throws.
 *
 * @example
 * const stop = effect(() => {
 *   const outcome = readOutcome(client.suspense(ArticleResource.get, { id: 1 }));
 *   render(outcome.status === 'value' ? outcome.value.title : outcome.status);
 * });
 */
export function readOutcome<T>(signal: ReadableSignal<T>): Outcome<T> {
  try {
    return { status: 'value', value: signal.value };
  } catch (thrown) {
    return isThenable(thrown) ? { status: 'pending', promise: thrown } : { status: 'error', error: thrown };
  }
}

/**
 * What `useFetch` returns: the call's promise, `resolved` once settled.
 *
 * @example
 * const promise: FetchPromise<Article> = trackFetch(client.controller.fetchIfStale(ArticleResource.get, { id: 1 }));
 */
export type FetchPromise<T> = Promise<T> & { readonly resolved: boolean };

/**
 * Marks `promise` as a `FetchPromise`. Handles the rejection, so an unread prefetch raises no
 * unhandled rejection; an awaiting caller still gets it.
 *
 * @example
 * const promise = trackFetch(controller.fetchIfStale(ArticleResource.get, { id: 1 }));
 * await promise; // promise.resolved === true
 */
export function trackFetch<T>(promise: Promise<T>): FetchPromise<T> {
  const out = promise as Promise<T> & { resolved: boolean };
  out.resolved = false;
  const settled = (): void => {
    out.resolved = true;
  };
  promise.then(settled, settled);
  return out;
}
