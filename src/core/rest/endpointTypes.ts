import type { SnapshotInterface } from '../schema/protocol.js';

/**
 * The `retry` endpoint option: a count of retries, `true` (no limit), `false`/`0`, or
 * `(failures, error) => boolean`. As in TanStack Query.
 *
 * @example
 * const getTicker = TickerResource.get.extend({ retry: (failures, error) => failures < 5 });
 */
export type RetryOption = boolean | number | ((failureCount: number, error: Error) => boolean);

/**
 * The `retryDelay` endpoint option: ms to wait before a retry, or a function of the attempt
 * (0 for the first retry) and the last error.
 *
 * @example
 * const getTicker = TickerResource.get.extend({ retry: 3, retryDelay: attempt => 100 * 2 ** attempt });
 */
export type RetryDelayOption = number | ((attempt: number, error: Error) => number);

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
  /**
   * Retries after a network failure or 5xx: a count, `true`, or `(failureCount, error) => boolean`.
   * Views stay loading meanwhile. On a mutation only if it is safe to repeat. @default undefined (no retries)
   */
  readonly retry?: RetryOption;
  /**
   * Ms before each retry, or `(attempt, error) => ms` (attempt 0 is the first retry).
   * @default exponential backoff with jitter: random(0.5..1) × min(1000 × 2^attempt, 30000)
   */
  readonly retryDelay?: RetryDelayOption;
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
