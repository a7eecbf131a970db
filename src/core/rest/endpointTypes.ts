import type { SnapshotInterface } from '../schema/protocol.js';

/**
 * Cache and retry policy an endpoint carries for the store. Units are milliseconds.
 *
 * @example
 * const getTicker = new RestEndpoint({ path: '/ticker/:id', pollFrequency: 60_000, dataExpiryLength: 10_000 });
 */
export interface EndpointExtraOptions {
  /** How long a successful reply stays fresh. @default 60000 (set by the store) */
  readonly dataExpiryLength?: number;
  /** How long an error stays before a retry is allowed. @default 1000 (set by the store) */
  readonly errorExpiryLength?: number;
  /** `'soft'` keeps showing the last good data on this error. @default status >= 500 → 'soft' */
  errorPolicy?(error: unknown): 'soft' | 'hard' | undefined;
  /** When true, stale data counts as missing (suspends again). @default false */
  readonly invalidIfStale?: boolean;
  /** Polling interval for subscriptions / `live`, in ms. @default undefined (no polling) */
  readonly pollFrequency?: number;
}

/** Options every endpoint accepts besides its fetch function. */
export interface EndpointOptions<Args extends readonly unknown[] = readonly unknown[]> extends EndpointExtraOptions {
  /** Cache key of a call. */
  key?(...args: Args): string;
  /** Normalization schema of the reply. */
  readonly schema?: unknown;
  /** true for mutations. */
  readonly sideEffect?: true | undefined;
  /** Name used in messages and devtools. */
  readonly name?: string;
  /** Aborts the request. */
  readonly signal?: AbortSignal | undefined;
  /** Optimistic reply computed from the state beneath this mutation. */
  getOptimisticResponse?(snapshot: SnapshotInterface, ...args: Args): unknown;
}
