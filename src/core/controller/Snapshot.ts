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
    // never shown to users (the layer is skipped quietly): production keeps only the code
    super(process.env.NODE_ENV !== 'production' ? 'getOptimisticResponse skipped its optimistic update (threw snapshot.abort)' : 'snapshot.abort');
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

  /** @internal Made by the Controller (`snapshot()`, optimistic updaters); the store's types stay out of the declarations. */
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
    const ep = endpoint as AnyEndpoint;
    return responseState(readResponse(this.#store, ep, args, keyOf(ep, args), this.#reader));
  }

  getError(endpoint: unknown, ...args: readonly unknown[]): Error | undefined {
    return errorOf(this.#store, endpoint as AnyEndpoint, args);
  }
}

/** What `getResponse` returns of a read: the data and its expiry, without the entry it came from. */
export function responseState<T>({ data, expiryStatus, expiresAt }: ResponseState<T>): ResponseState<T> {
  return { data, expiryStatus, expiresAt };
}

/** The error `getError` reports for `endpoint(...args)` (undefined for null arguments). */
export function errorOf(store: Pick<Store, 'result'>, endpoint: AnyEndpoint, args: readonly unknown[]): Error | undefined {
  const key = keyOf(endpoint, args);
  return key === null ? undefined : visibleError(store.result(key, false));
}

/** One state of a store kept apart from it: what `controller.snapshot()` reads. */
export interface FrozenState {
  readonly reader: StoreReader;
  result(key: string): ResultEntry | undefined;
}

/**
 * Captures what users see now (pending optimistic updates included): every entity's visible
 * value and meta, the index cells, and every result entry. The store replaces stored values
 * on each write and never mutates one in place, so keeping references is a true copy of this
 * moment; later writes leave the capture unchanged. It costs one pass over the store, which is
 * why only `controller.snapshot()` takes it (the snapshots handed to `getOptimisticResponse`
 * are read at once and read the live store).
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
      // index cells are read lazily, but from the captured values, never from the live store
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

/** `error` itself when it is an Error, else an Error whose message is `error` as a string. */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

let layerSeq = 0;

/**
 * The optimistic layer of one mutation: `endpoint.getOptimisticResponse` recomputed from the state
 * beneath it each time the store replays its layers. `snapshot.abort` skips the layer quietly; any
 * other error also skips it, and is reported once per layer through `onError` (the request still
 * goes out: only its preview failed).
 *
 * @example
 * const layer = optimisticLayer(store, TodoResource.update, [{ id: 1 }, { title: 'x' }], date, expiresAt, report);
 * store.dispatch({ type: 'optimistic', op: 'add', layer });
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
        // a layer sits on top of whatever is beneath it, however recent: merged as the newest write
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
