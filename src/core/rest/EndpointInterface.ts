import type { SnapshotInterface } from '../schema/protocol.js';
import type { RetryDelayOption, RetryOption } from './endpointTypes.js';

/**
 * What the Controller needs from an endpoint. `RestEndpoint` and `Endpoint` implement it; the
 * store and controller depend on this interface only, never on `RestEndpoint` itself.
 */
export interface EndpointInstance<Args extends readonly unknown[] = readonly unknown[], R = unknown> {
  (...args: Args): Promise<R>;
  /** Performs the request: fetch → parse → process. Resolves to the processed, NOT normalized, reply. */
  fetch(...args: Args): Promise<unknown>;
  /** Cache key of the result; identical keys share one request and one result cell. */
  key(...args: Args): string;
  /** Normalization schema of the reply; undefined means the reply is stored as is. */
  readonly schema?: unknown;
  /** true for mutations (anything but GET): never deduplicated, never cached as a result. */
  readonly sideEffect?: true | undefined;
  /** A human name for messages, e.g. `UserResource.get` or `GET /users/:id`. */
  readonly name: string;
  readonly dataExpiryLength?: number;
  readonly errorExpiryLength?: number;
  /** 'soft' errors keep showing the last good data. */
  errorPolicy?(error: unknown): 'soft' | 'hard' | undefined;
  readonly invalidIfStale?: boolean;
  readonly pollFrequency?: number;
  /** Retries after a network failure or 5xx (see `EndpointExtraOptions.retry`). */
  readonly retry?: RetryOption | undefined;
  /** Ms before each retry (see `EndpointExtraOptions.retryDelay`). */
  readonly retryDelay?: RetryDelayOption | undefined;
  /** When present, an optimistic layer is applied before the request leaves. */
  getOptimisticResponse?(snapshot: SnapshotInterface, ...args: Args): unknown;
  /** A new endpoint with these options overridden (the controller uses `{ signal }`). */
  extend(options: { signal?: AbortSignal } & Record<string, unknown>): EndpointInstance<Args, R>;
  readonly signal?: AbortSignal | undefined;
}
