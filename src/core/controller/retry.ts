import { isNetworkError } from '../rest/NetworkError.js';
import { isConnectionError } from '../rest/ConnectionError.js';
import { warn } from '../dev/warn.js';
import type { RetryDelayOption, RetryOption } from '../rest/endpointTypes.js';

/** What the request path reads from an endpoint to decide on retries. */
interface RetryPolicy {
  readonly name: string;
  readonly retry?: RetryOption | undefined;
  readonly retryDelay?: RetryDelayOption | undefined;
}

/** Whether `error` is worth another attempt: a network failure (no reply at all) or a 5xx. */
export function isRetryable(error: Error): boolean {
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return false;
  if (isConnectionError(error)) return true;
  // by name and status: a GraphQL endpoint's NetworkError has no `response`
  const status = (error as { status?: unknown }).status;
  if (isNetworkError(error) || (error.name === 'NetworkError' && typeof status === 'number')) return (status as number) >= 500;
  // no reply at all (refused, dropped, DNS): a TypeError carrying the platform's error as `cause`;
  // a TypeError without a cause is a malformed call (a missing path parameter), never retried
  return error instanceof TypeError && error.cause !== undefined;
}

/** Whether to try again after `failureCount` failed attempts, the last one failing with `error`. */
export function shouldRetry(endpoint: RetryPolicy, failureCount: number, error: Error): boolean {
  const retry = endpoint.retry;
  if (retry === undefined || retry === false || !isRetryable(error)) return false;
  if (retry === true) return true;
  if (typeof retry === 'function') return retry(failureCount, error) === true;
  if (typeof retry !== 'number' || !(retry >= 0)) {
    if (process.env.NODE_ENV !== 'production') {
      warn('retry-option-invalid', `${endpoint.name}: option retry must be a boolean, a count >= 0 or a function, got ${String(retry)}`);
    }
    return false;
  }
  return failureCount <= retry;
}

/**
 * Ms to wait before retry number `attempt` (0-based): the endpoint's `retryDelay`, or by default
 * exponential backoff with full jitter, `random(0.5..1) × min(1000 × 2^attempt, 30000)`.
 */
export function retryDelayOf(endpoint: RetryPolicy, attempt: number, error: Error): number {
  const option = endpoint.retryDelay;
  const ms = typeof option === 'function' ? option(attempt, error) : option ?? Math.min(1000 * 2 ** attempt, 30_000) * (0.5 + Math.random() / 2);
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    if (process.env.NODE_ENV !== 'production') warn('retry-option-invalid', `${endpoint.name}: retryDelay must give a finite number of ms >= 0, got ${String(ms)}`);
    return 0;
  }
  return ms;
}
