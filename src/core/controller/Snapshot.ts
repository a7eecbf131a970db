import type { EntityMeta, SnapshotInterface } from '../schema/protocol.js';
import type { DenormalizeNullable } from '../schema/types.js';
import { readResponse, visibleError, type ResponseState } from '../store/readResponse.js';
import { fromNormalized, inferResult, toWriteSet } from '../store/schemaOps.js';
import type { LayerReader } from '../store/layerReplay.js';
import { isLive } from '../store/EntityTable.js';
import type { Store, StoreReader } from '../store/Store.js';
import type { OptimisticLayer, ResultEntry } from '../store/types.js';
import { warn } from '../dev/warn.js';
import { getOwn, isOwn } from '../schema/own.js';
import type { AnyEndpoint } from './Controller.js';
import { requestClock } from './requestClock.js';
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
    // never shown: production keeps only the code
    super(process.env.NODE_ENV !== 'production' ? 'getOptimisticResponse skipped its optimistic update (threw snapshot.abort)' : 'snapshot.abort');
  }
}

/** Looks `schema` up by its arguments alone (pk or index, `All`, `Query`). */
export function lookup(store: Store, reader: StoreReader, schema: unknown, args: readonly unknown[]): unknown {
  const input = inferResult(schema, args, reader);
  if (input === undefined) return undefined;
  const data = fromNormalized(schema, input, args, reader, store.cache);
  return typeof data === 'symbol' ? undefined : data;
}

/**
 * An immutable view of one store state, as `getOptimisticResponse` and `controller.snapshot()`
 * see it (for a layer, the state beneath it).
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

  /** @internal Made by the Controller; keeps the store's types out of the declarations. */
  constructor(store: Store, reader: StoreReader | LayerReader, fetchedAt: number, frozen?: FrozenState) {
    // readResponse only asks `result` and `cache` of this store
    const results = frozen ?? ('result' in reader ? reader : undefined);
    this.#store = results ? ({ result: (key: string) => results.result(key), cache: store.cache, tracked: undefined } as unknown as Store) : store;
    this.#reader = frozen ? frozen.reader : reader;
    this.fetchedAt = fetchedAt;
  }

  get<S>(schema: S, ...args: readonly unknown[]): DenormalizeNullable<S> {
    return lookup(this.#store, this.#reader, schema, args) as DenormalizeNullable<S>;
  }

  getResponse(endpoint: unknown, ...args: readonly unknown[]): ResponseState {
    const ep = endpoint as AnyEndpoint;
    return responseState(readResponse(this.#store, ep, args, keyOf(ep, args), this.#reader));
  }

  getError(endpoint: unknown, ...args: readonly unknown[]): Error | undefined {
    return errorOf(this.#store, endpoint as AnyEndpoint, args);
  }
}

/** The data and its expiry, without the entry. */
export function responseState<T>({ data, expiryStatus, expiresAt }: ResponseState<T>): ResponseState<T> {
  return { data, expiryStatus, expiresAt };
}

/** Undefined for null arguments. */
export function errorOf(store: Pick<Store, 'result'>, endpoint: AnyEndpoint, args: readonly unknown[]): Error | undefined {
  const key = keyOf(endpoint, args);
  return key === null ? undefined : visibleError(store.result(key, false));
}

/** A store state kept apart from it (`controller.snapshot()`). */
export interface FrozenState {
  readonly reader: StoreReader;
  result(key: string): ResultEntry | undefined;
}

/**
 * Captures the visible state (optimistic included). Values are never mutated in place, so keeping
 * references is a true copy. One pass over the store: only `controller.snapshot()` takes it.
 */
export function freezeVisible(store: Store): FrozenState {
  const values = new Map<string, Map<string, unknown>>();
  const metas = new Map<string, Map<string, EntityMeta>>();
  store.entities.forEach((key, pk, entity) => {
    if (entity.visible === undefined) return;
    let t = values.get(key);
    if (!t) {
      values.set(key, (t = new Map()));
      metas.set(key, new Map());
    }
    t.set(pk, entity.visible);
    if (entity.meta) metas.get(key)!.set(pk, entity.meta);
  });
  const pks = new Map<string, readonly string[]>();
  const indexes = new Map<string, string | undefined>();
  const results = new Map<string, ResultEntry | undefined>();
  store.forEachResult((key, cell) => results.set(key, cell.sig.peek()));
  const reader: StoreReader = {
    getEntity: (key, pk) => values.get(key)?.get(pk),
    getMeta: (key, pk) => metas.get(key)?.get(pk),
    forEachPk: (key, fn) => {
      for (const pk of values.get(key)?.keys() ?? []) fn(pk);
    },
    getPks: key => {
      let out = pks.get(key);
      if (!out) pks.set(key, (out = [...(values.get(key) ?? new Map<string, unknown>())].filter(([, v]) => isLive(v)).map(([pk]) => pk)));
      return out;
    },
    getIndex: (key, field, value) => {
      // lazily, but from the captured values
      const id = `${key}\u0000${field}\u0000${value}`;
      if (!indexes.has(id)) {
        let found: string | undefined;
        for (const [pk, v] of values.get(key) ?? []) {
          if (isLive(v) && typeof v === 'object' && v !== null && isOwn(v, field) && `${getOwn(v, field)}` === value) {
            found = pk;
            break;
          }
        }
        indexes.set(id, found);
      }
      return indexes.get(id);
    },
  };
  return { reader, result: key => results.get(key) };
}

export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

let layerSeq = 0;

/**
 * One mutation's layer: `getOptimisticResponse` recomputed over the state beneath at each replay.
 * A throw skips it (quietly for `snapshot.abort`, else once through `onError`); the request still goes.
 */
export function optimisticLayer(
  store: Store,
  endpoint: AnyEndpoint,
  args: readonly unknown[],
  date: number,
  expiresAt: number,
  onError: (error: Error) => void,
): OptimisticLayer {
  let reported = false;
  return {
    id: ++layerSeq,
    compute: beneath => {
      const snapshot = new Snapshot(store, beneath, date);
      try {
        const response = endpoint.getOptimisticResponse!(snapshot, ...args);
        // merged as the newest write, over whatever is beneath

        return toWriteSet(endpoint.schema, response, args, beneath, { date: requestClock(), fetchedAt: date, expiresAt }, true);
      } catch (error) {
        if (error === snapshot.abort) return null;
        if (!reported) {
          reported = true;
          const err = toError(error);
          if (process.env.NODE_ENV !== 'production') {
            warn('optimistic-response-threw', `${endpoint.name}: getOptimisticResponse threw ${err.name}: ${err.message}; the update shows when the server replies`);
          }
          onError(err);
        }
        return null;
      }
    },
  };
}
