import type { EntityLike, EntityMeta, WriteSet } from '../schema/protocol.js';

/**
 * How usable a stored response is, as `@data-client/core` counts it: `Invalid` must be fetched
 * before it is shown, `InvalidIfStale` may be shown until it expires, `Valid` may be shown
 * (stale or not) while a refetch runs.
 *
 * @example
 * if (controller.getResponse(UserResource.get, { id: 1 }).expiryStatus === ExpiryStatus.Invalid) {}
 */
export enum ExpiryStatus {
  Invalid = 1,
  InvalidIfStale = 2,
  Valid = 3,
}

/**
 * Whether an error replaces the data ('hard') or is shown beside the last good data ('soft').
 *
 * @example
 * const policy: ErrorPolicy = error.status >= 500 ? 'soft' : 'hard';
 */
export type ErrorPolicy = 'soft' | 'hard';

/**
 * The content of one result cell: the normalized reply of one endpoint key and its meta.
 *
 * @example
 * const entry: ResultEntry = { data: ['1'], date: 0, fetchedAt: 0, expiresAt: 60_000 };
 */
export interface ResultEntry {
  /** The normalized result (undefined when only an error was recorded). */
  readonly data: unknown;
  /** Whether `data` holds a reply (a reply may itself be `undefined` for a 204). */
  readonly hasData?: boolean;
  /** When the request that produced this entry started. */
  readonly date: number;
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly error?: Error | undefined;
  readonly errorPolicy?: ErrorPolicy | undefined;
  readonly invalidated?: boolean | undefined;
}

/** An optimistic layer: a mutation in flight whose expected effect is shown before its reply. */
export interface OptimisticLayer {
  readonly id: number;
  /**
   * Recomputes this layer's write-set from the state beneath it (entities and result cells);
   * null when it writes nothing. The store calls it again only when something it read changed.
   */
  readonly compute: (beneath: import('./layerReplay.js').LayerReader) => WriteSet | null;
}

/** Times stamped on a reply: `date` is when its request started. */
export type ReplyMeta = EntityMeta;

/**
 * Every change to the store. One function applies them (`Store.dispatch`), each inside one
 * `batch()`, so no view sees half of a reply.
 *
 * @example
 * store.dispatch({ type: 'invalidate', keys: ['GET /users/1'] });
 */
export type StoreAction =
  | {
      readonly type: 'setResponse';
      /** The result cell to set; undefined writes entities only (mutations, `controller.setResponse` of a side effect). */
      readonly key: string | undefined;
      /** Handed over to the store: its entity and meta maps may become the store's own tables. */
      readonly writes: WriteSet;
      readonly meta: ReplyMeta;
      /** An optimistic layer this reply replaces. */
      readonly removeLayer?: number | undefined;
    }
  | {
      readonly type: 'setError';
      readonly key: string;
      readonly error: Error;
      readonly errorPolicy: ErrorPolicy | undefined;
      readonly meta: ReplyMeta;
      readonly removeLayer?: number | undefined;
    }
  | { readonly type: 'invalidate'; readonly keys: readonly string[] }
  | { readonly type: 'expireAll'; readonly keys: readonly string[] }
  | {
      readonly type: 'reset';
      /**
       * When the reset happened (`requestClock`). Invariant: from then on the store drops every
       * reply, error and hydration dated before it (a request or a restore started before the
       * reset), on every path: network, retries, streams, other tabs, persistence.
       */
      readonly date: number;
    }
  | {
      readonly type: 'hydrate';
      /** When the state was read (a restore's start); dropped when a reset came after it. */
      readonly date?: number | undefined;
      readonly writes: WriteSet;
      readonly results: readonly (readonly [key: string, entry: ResultEntry])[];
    }
  | { readonly type: 'optimistic'; readonly op: 'add'; readonly layer: OptimisticLayer }
  | { readonly type: 'optimistic'; readonly op: 'remove'; readonly id: number }
  | {
      readonly type: 'gc';
      readonly entities: readonly (readonly [key: string, pk: string])[];
      readonly results: readonly string[];
      /** Whether to drop the index cells no watched view reads and that index no entity. */
      readonly indexes?: boolean | undefined;
    };

/** The entity-like schemas seen so far, by key (for indexes). */
export type SchemaTable = Map<string, EntityLike>;
