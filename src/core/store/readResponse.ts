import type { EndpointInstance } from '../rest/EndpointInterface.js';
import type { Store, StoreReader } from './Store.js';
import { fromNormalized, inferResult } from './schemaOps.js';
import { sameArgs } from '../schema/own.js';
import { shallowEqual } from './shallow.js';
import { ExpiryStatus, type ResultEntry } from './types.js';

/**
 * What `controller.getResponse` returns.
 *
 * @example
 * const { data, expiryStatus, expiresAt }: ResponseState = controller.getResponse(UserResource.get, { id: 1 });
 */
export interface ResponseState<T = unknown> {
  readonly data: T;
  readonly expiryStatus: ExpiryStatus;
  /** When the data goes stale (ms since epoch); 0 when there is nothing to show. */
  readonly expiresAt: number;
}

/** A reader that remembers the smallest `expiresAt` of the entities read through it. */
function recording(reader: StoreReader): { reader: StoreReader; expiresAt: () => number } {
  let min = Infinity;
  return {
    reader: {
      ...reader,
      getEntity(key, pk) {
        const m = reader.getMeta(key, pk);
        if (m && m.expiresAt < min) min = m.expiresAt;
        return reader.getEntity(key, pk);
      },
    },
    expiresAt: () => (min === Infinity ? 0 : min),
  };
}

/**
 * The response of `endpoint(...args)` at result `key` as users see it (pending optimistic
 * updates included): the denormalized data with its expiry, as `@data-client/core` computes it.
 * With no stored result, an endpoint whose schema can infer its result from the arguments alone
 * (an entity by pk) shows the entity it finds, expiring with that entity. Passing the `tracked`
 * reader makes each read a tracked signal read.
 *
 * @example
 * readResponse(store, UserResource.get, [{ id: 1 }], 'GET /users/1', store.visible);
 */
export function readResponse(
  store: Store,
  endpoint: Pick<EndpointInstance, 'schema' | 'invalidIfStale'>,
  args: readonly unknown[],
  key: string | null,
  reader: StoreReader,
): ResponseState & { readonly entry: ResultEntry | undefined } {
  if (key === null) return { data: undefined, expiryStatus: ExpiryStatus.Valid, expiresAt: 0, entry: undefined };
  const entry = store.result(key, reader === store.tracked);
  const schema = endpoint.schema;
  let expiresAt = entry?.expiresAt ?? 0;
  let data: unknown;
  let inferred = false;
  if (entry?.hasData) {
    data = fromNormalized(schema, entry.data, args, reader, store.cache);
  } else if (schema !== undefined && !entry?.invalidated) {
    const input = inferResult(schema, args, reader);
    if (input !== undefined) {
      data = fromNormalized(schema, input, args, reader, store.cache);
      // the expiry of every entity it shows: a walk of its own through a reader that records it
      if (!entry && data !== undefined) {
        const rec = recording(store.visible);
        fromNormalized(schema, input, args, rec.reader, store.cache);
        expiresAt = rec.expiresAt();
      }
      inferred = data !== undefined;
    }
  }
  // (a deleted entity reads as undefined through the store's readers: never a symbol here)
  const expiryStatus = entry?.invalidated ? ExpiryStatus.Invalid : data === undefined || endpoint.invalidIfStale ? ExpiryStatus.InvalidIfStale : ExpiryStatus.Valid;
  if (data === undefined && !entry?.hasData && !inferred && !entry?.error) expiresAt = 0;
  return { data, expiryStatus, expiresAt, entry };
}

interface VisibleRead {
  readonly version: number;
  readonly endpoint: object;
  readonly args: readonly unknown[];
  readonly response: ReturnType<typeof readResponse>;
}

/** The last visible read of each result entry; an entry replaced or dropped takes its read with it. */
const visibleReads = new WeakMap<ResultEntry, VisibleRead>();

/**
 * `readResponse` through `store.visible`, answered from the previous read of the same result
 * entry when nothing was dispatched since (`store.version` unchanged) and the endpoint and
 * arguments are the same: then the store reads exactly as before, so the answer is too, and
 * the repeated read costs no denormalize and no dependency check.
 *
 * @example
 * readVisibleResponse(store, UserResource.getList, [], UserResource.getList.key()).data;
 */
export function readVisibleResponse(
  store: Store,
  endpoint: Pick<EndpointInstance, 'schema' | 'invalidIfStale'>,
  args: readonly unknown[],
  key: string | null,
): ReturnType<typeof readResponse> {
  const entry = key === null ? undefined : store.result(key, false);
  if (entry !== undefined) {
    const last = visibleReads.get(entry);
    if (last !== undefined && last.version === store.version && last.endpoint === endpoint && sameArgs(last.args, args, shallowEqual)) return last.response;
  }
  const response = readResponse(store, endpoint, args, key, store.visible);
  if (entry !== undefined) visibleReads.set(entry, { version: store.version, endpoint, args: [...args], response });
  return response;
}

/** Whether a view of this response should (re)fetch now: invalid, or stale. */
export function needsFetch(res: ResponseState, now: number): boolean {
  return res.expiryStatus === ExpiryStatus.Invalid || res.expiresAt < now;
}

/** Whether the data may be shown (suspense does not wait for a refetch). */
export function isUsable(res: ResponseState & { entry: ResultEntry | undefined }, now: number): boolean {
  if (res.data === undefined && !res.entry?.hasData) return false;
  if (res.expiryStatus === ExpiryStatus.Invalid) return false;
  if (res.expiryStatus === ExpiryStatus.InvalidIfStale && res.expiresAt < now) return false;
  return true;
}

/**
 * The error a view shows for `entry`: a 'soft' error beside data that is still there is not
 * shown (the last good data is), as `@data-client/core`'s `getError` does.
 */
export function visibleError(entry: ResultEntry | undefined): Error | undefined {
  if (!entry?.error) return undefined;
  if (entry.errorPolicy === 'soft' && entry.hasData) return undefined;
  return entry.error;
}
