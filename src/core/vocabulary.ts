// The words a framework adapter speaks when it bridges the vanilla signal API: what an endpoint
// must be, what a view of it holds, and what reading a store signal can give. Both adapters (and
// any third one) import these from the core entry; none defines its own, so a type that leaves
// the core arrives in an adapter unchanged, with no cast between the layers.
import type { DataClient, DataOf } from './client.js';
import type { AnyEndpoint } from './controller/index.js';
import type { DenormalizeNullable } from './schema/types.js';

export type { DataOf };

/**
 * What a view primitive accepts as its endpoint: anything the client's signal API accepts
 * (`RestEndpoint`, a `resource()` member, an `Endpoint`, or one of those after `extend`). Its
 * parameter and result types stay those of the endpoint given: primitives take `E extends
 * EndpointLike` and read `Parameters<E>` and `DataOf<E>` from it.
 *
 * @example
 * function useTitle<E extends EndpointLike>(endpoint: E, ...args: Parameters<E>) {
 *   return useCache(endpoint, ...args);
 * }
 */
export type EndpointLike = AnyEndpoint;

/**
 * What a lookup of queryable `S` yields in `controller.get`, `client.query` and the adapters'
 * `useQuery`: an Entity class gives its instance or `undefined`, `new All(Entity)` a list or
 * `undefined`, a `Query` what its `process` returns, an object of queryables each field so.
 *
 * @example
 * type One = QueryResult<typeof Article>; // Article | undefined
 * type Every = QueryResult<All<typeof Article>>; // Article[] | undefined
 */
export type QueryResult<S> = DenormalizeNullable<S>;

/**
 * The vanilla signal API of a client, the part an adapter builds its views on: `suspense`,
 * `dle`, `cache`, `query` and `live`, each with the client's own signature. A `DataClient` is one.
 *
 * @example
 * const signals: StoreSignals = createDataClient();
 * const title = signals.cache(ArticleResource.get, { id: 1 });
 */
export type StoreSignals = Pick<DataClient, 'suspense' | 'dle' | 'cache' | 'query' | 'live'>;

/**
 * A store signal as an adapter reads it: anything with a `value`, such as the `ReadonlySignal`s
 * the client hands out or a `computed` over several of them.
 *
 * @example
 * const view: ReadableSignal<Article | undefined> = client.cache(ArticleResource.get, { id: 1 });
 */
export interface ReadableSignal<T = unknown> {
  readonly value: T;
}

/**
 * What one read of a store signal gave: its value, the promise a `suspense` signal throws while
 * its data is missing (`pending`), or the error it throws. Adapters map these onto their
 * framework's loading and error handling (`<Suspense>`, error boundaries, `onErrorCaptured`).
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
 * Reads a store signal once and says what it gave, turning a thrown promise into `pending` and
 * anything else thrown into `error`; it never throws. Read inside an `effect`, the signal is
 * tracked as by any read of `.value`.
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
 * What the adapters' `useFetch` hands back: the promise of the call's data, whose `resolved` turns
 * true once it settled (fulfilled or rejected).
 *
 * @example
 * const promise: FetchPromise<Article> = trackFetch(client.controller.fetchIfStale(ArticleResource.get, { id: 1 }));
 */
export type FetchPromise<T> = Promise<T> & { readonly resolved: boolean };

/**
 * Marks `promise` as a `FetchPromise`: `resolved` is false until it settles. The rejection is
 * handled here too, so a caller that never reads the promise (a prefetch) sees no unhandled
 * rejection; one that awaits it still gets the error.
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
