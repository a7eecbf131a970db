import type { ReadonlySignal } from '@preact/signals-core';
import type { AnyEndpoint, DataOf } from '../controller/Controller.js';
import { isUsable, visibleError } from '../store/readResponse.js';
import { responseView } from '../store/views.js';
import { keyOf } from '../controller/trailingState.js';
import type { ViewContext } from './ViewContext.js';

/**
 * What `client.dle` and `client.live` hold: the data, whether a request runs, the error.
 *
 * @example
 * const { data, loading, error }: DLE<User> = client.dle(UserResource.get, { id: 1 }).value;
 */
export interface DLE<T> {
  readonly data: T | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
}

/**
 * `client.dle` (and, with `kind` 'live', `client.live`): `{ data, loading, error }` of
 * `endpoint(...args)`, fetching while watched when the data is missing or stale; 'live' also
 * polls at the endpoint's `pollFrequency` while watched. A value that did not change keeps its
 * object.
 */
export function dleView<E extends AnyEndpoint>(ctx: ViewContext, kind: 'dle' | 'live', endpoint: E, args: readonly unknown[]): ReadonlySignal<DLE<DataOf<E>>> {
  const { shared, store, viewOf, activate, controller } = ctx;
  const key = keyOf(endpoint, args);
  const existing = shared<DLE<DataOf<E>>>(kind, endpoint, key);
  if (existing) return existing;
  const resp = responseView(store, endpoint, args, key);
  let prev: DLE<DataOf<E>> | undefined;
  const read = (): DLE<DataOf<E>> => {
    const r = resp.value;
    let next: DLE<DataOf<E>>;
    if (key === null) next = { data: undefined, loading: false, error: undefined };
    else {
      const error = r.viewError ?? visibleError(r.entry);
      const loading = store.owners.ensure(key).loading || (!error && !isUsable(r, Date.now()));
      next = { data: r.data as DataOf<E> | undefined, loading, error };
    }
    if (prev && prev.data === next.data && prev.loading === next.loading && prev.error === next.error) return prev;
    return (prev = next);
  };
  if (key === null) return viewOf(kind, endpoint, key, read);
  return viewOf(kind, endpoint, key, read, () => {
    const stop = activate(endpoint, args, key, () => resp.value);
    if (kind !== 'live' || endpoint.pollFrequency === undefined) return stop;
    // its pollFrequency was checked when the view was made (`client.live`)
    void controller.subscribe(endpoint, ...(args as Parameters<E>)).catch(() => {});
    return () => {
      stop();
      void controller.unsubscribe(endpoint, ...(args as Parameters<E>)).catch(() => {});
    };
  });
}
