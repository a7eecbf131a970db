import type { SnapshotInterface } from '../schema/protocol.js';
import type { DenormalizeNullable } from '../schema/types.js';
import type { EndpointInstance } from '../rest/EndpointInterface.js';
import { readResponse, visibleError, type ResponseState } from '../store/readResponse.js';
import { fromNormalized, inferResult } from '../store/schemaOps.js';
import type { LayerReader } from '../store/layerReplay.js';
import type { Store, StoreReader } from '../store/Store.js';
import type { FrozenState } from './frozenState.js';
import { keyOf } from './trailingState.js';

/**
 * Thrown from `getOptimisticResponse` (as `snapshot.abort`) to skip the optimistic layer.
 *
 * @example
 * getOptimisticResponse(snap, { id }) {
 *   const user = snap.get(User, { id });
 *   if (!user) throw snap.abort;
 *   return { ...user, likes: user.likes + 1 };
 * }
 */
export class AbortOptimistic extends Error {
  override readonly name = 'AbortOptimistic';
  constructor() {
    super('getOptimisticResponse skipped its optimistic update (threw snapshot.abort)');
  }
}

/** Looks `schema` up by its arguments alone (entity by pk or index, `All`, `Query`) through `reader`. */
export function lookup(store: Store, reader: StoreReader, schema: unknown, args: readonly unknown[]): unknown {
  const input = inferResult(schema, args, reader);
  if (input === undefined) return undefined;
  const data = fromNormalized(schema, input, args, reader, store.cache);
  return typeof data === 'symbol' ? undefined : data;
}

/**
 * An immutable view of one state of the store (what `getOptimisticResponse` reads, and what
 * `controller.snapshot()` returns). Reads go through the reader it was made with: for an
 * optimistic layer, the state beneath that layer. Given a `FrozenState` (as
 * `controller.snapshot()` does), it keeps showing the store as it was when taken, whatever is
 * written later.
 *
 * @example
 * const snap = client.controller.snapshot();
 * snap.get(User, { id: '1' });
 */
export class Snapshot implements SnapshotInterface {
  readonly #store: Store;
  readonly #reader: StoreReader;
  readonly fetchedAt: number;
  readonly abort: Error = new AbortOptimistic();

  constructor(store: Store, reader: StoreReader | LayerReader, fetchedAt: number, frozen?: FrozenState) {
    // a frozen snapshot reads its results from the capture, a layer's through its reader (which
    // notes what the layer read): readResponse only asks `result` and `cache` of such a store
    const results = frozen ?? ('result' in reader ? reader : undefined);
    this.#store = results ? ({ result: (key: string) => results.result(key), cache: store.cache, tracked: undefined } as unknown as Store) : store;
    this.#reader = frozen ? frozen.reader : reader;
    this.fetchedAt = fetchedAt;
  }

  get<S>(schema: S, ...args: readonly unknown[]): DenormalizeNullable<S> {
    return lookup(this.#store, this.#reader, schema, args) as DenormalizeNullable<S>;
  }

  getResponse(endpoint: unknown, ...args: readonly unknown[]): ResponseState {
    const ep = endpoint as EndpointInstance;
    const { data, expiryStatus, expiresAt } = readResponse(this.#store, ep, args, keyOf(ep, args), this.#reader);
    return { data, expiryStatus, expiresAt };
  }

  getError(endpoint: unknown, ...args: readonly unknown[]): Error | undefined {
    const key = keyOf(endpoint as EndpointInstance, args);
    return key === null ? undefined : visibleError(this.#store.result(key, false));
  }
}
