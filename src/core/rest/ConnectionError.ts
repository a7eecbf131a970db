/**
 * A request that got no reply at all: the server was unreachable, the connection was refused or
 * dropped before the status line, or CORS blocked it. `status` is 500, as data-client sets it, so
 * the default `errorPolicy` treats it as a soft error (views keep their last good data) and
 * `error.status` is always a number on request failures. It extends `TypeError` (what `fetch`
 * rejects with) so existing `instanceof TypeError` checks still hold, but its own class and
 * `name` tell it apart from a bug in application code; `cause` is the platform's error.
 *
 * @example
 * try {
 *   await TodoResource.get({ id: 1 });
 * } catch (error) {
 *   if (isConnectionError(error)) showOfflineBanner(error.url);
 * }
 */
export class ConnectionError extends TypeError {
  override readonly name = 'ConnectionError';
  /** Always 500: no HTTP status was received. */
  readonly status = 500;
  /** The request method (`GET`, `POST`, ...). */
  readonly method: string;
  /** The URL that could not be reached. */
  readonly url: string;

  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: request failed (${describeError(cause)})`, { cause });
    this.method = method;
    this.url = url;
  }
}

/**
 * The message of an error and of its own cause (`fetch failed: connect ECONNREFUSED`), or the
 * thrown value as a string: the detail a request error's message shows.
 *
 * @example
 * describeError(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })); // 'fetch failed: ECONNREFUSED'
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * Type guard for `ConnectionError` (also for one from another copy of this library, by `name`).
 *
 * @example
 * if (isConnectionError(error)) retryWhenOnline();
 */
export function isConnectionError(error: unknown): error is ConnectionError {
  return error instanceof ConnectionError || (error instanceof TypeError && error.name === 'ConnectionError');
}
