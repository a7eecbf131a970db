import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { EndpointInstance } from '../rest/EndpointInterface.js';
import { readResponse, type ResponseState } from './readResponse.js';
import { fromNormalized, inferResult } from './schemaOps.js';
import type { Store } from './Store.js';
import { ExpiryStatus, type ResultEntry } from './types.js';

/**
 * A response as a view holds it: the data (an unchanged read is the same object: see `Memo`),
 * and `viewError` when the stored data could not be denormalized (e.g. nested too deeply).
 */
export type ResponseView = ResponseState & { readonly entry: ResultEntry | undefined; readonly viewError?: Error };

/**
 * The function a response view computes: it reads the result cell and each entity cell it
 * shows (tracked, when run inside a computed), and its `data` keeps the identity of every
 * container whose content did not change since its previous call. A client view that needs
 * nothing else runs it inside its own computed, so no second computed sits between them.
 *
 * @example
 * const read = responseReader(store, UserResource.get, [{ id: 1 }], UserResource.get.key({ id: 1 }));
 * const data = computed(() => read().data);
 */
export function responseReader(
  store: Store,
  endpoint: Pick<EndpointInstance, 'schema' | 'invalidIfStale'>,
  args: readonly unknown[],
  key: string | null,
): () => ResponseView {
  return () => {
    void store.epoch.value;
    let r: ReturnType<typeof readResponse>;
    try {
      r = readResponse(store, endpoint, args, key, store.tracked);
    } catch (error) {
      // the stored data cannot be shown: the view reports it; Valid, so nothing refetches in a loop
      const entry = key === null ? undefined : store.result(key, true);
      const viewError = error instanceof Error ? error : new Error(String(error));
      return { data: undefined, expiryStatus: ExpiryStatus.Valid, expiresAt: entry?.expiresAt ?? 0, entry, viewError };
    }
    return { data: r.data, expiryStatus: r.expiryStatus, expiresAt: r.expiresAt, entry: r.entry };
  };
}

/**
 * A computed of the response of `endpoint(...args)` at `key` (see `responseReader`): it re-runs
 * only when the result cell or an entity cell it shows changes.
 *
 * @example
 * const view = responseView(store, UserResource.getList, [], UserResource.getList.key());
 * effect(() => console.log(view.value.data));
 */
export function responseView(
  store: Store,
  endpoint: Pick<EndpointInstance, 'schema' | 'invalidIfStale'>,
  args: readonly unknown[],
  key: string | null,
): ReadonlySignal<ResponseView> {
  return computed(responseReader(store, endpoint, args, key));
}

/**
 * The function a query view computes: an entity-table lookup (`Query`, `All`, an `Entity` by pk
 * or index), tracked like `responseReader` and shared structurally with its previous result.
 * An entity the memo already holds (a list showing it built it) comes back from there without
 * a denormalize: a row's view of an entity its list shows costs one dependency check.
 *
 * @example
 * const users = computed(queryReader(store, new schema.All(User), []));
 */
export function queryReader(store: Store, queryable: unknown, args: readonly unknown[]): () => unknown {
  return () => {
    void store.epoch.value;
    if (args.length === 1 && args[0] === null) return undefined;
    const input = inferResult(queryable, args, store.tracked);
    return input === undefined ? undefined : fromNormalized(queryable, input, args, store.tracked, store.cache);
  };
}
