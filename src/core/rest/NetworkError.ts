/**
 * A request that got a reply with a non-2xx status. `status` is the HTTP status, `response` the
 * platform `Response` (its body unread, so handlers may read the error body), and the message
 * names the method, the URL and the status, followed by a short excerpt of the reply's body when
 * it is text or JSON (the server's reason: `GET /api/tasks/9 failed with status 404 Not Found: no
 * task with id 9`).
 *
 * @example
 * try {
 *   await UserResource.get({ id: 1 });
 * } catch (error) {
 *   if (isNetworkError(error) && error.status === 404) showNotFound();
 * }
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** The HTTP status code of the reply. */
  readonly status: number;
  /** The raw reply; its body has not been consumed. */
  readonly response: Response;
  /** The request method (`GET`, `POST`, ...). */
  readonly method: string;

  /**
   * @param response the non-2xx reply
   * @param method the request method, for the message
   * @param excerpt the server's reason, appended to the message (see `replyExcerpt`)
   */
  constructor(response: Response, method = 'GET', excerpt?: string) {
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    super(`${method} ${response.url} failed with status ${status}${excerpt ? `: ${excerpt}` : ''}`);
    this.status = response.status;
    this.response = response;
    this.method = method;
  }

  /**
   * Errors are non-enumerable by default; this keeps name, status, message and URL in JSON logs
   * (the shape data-client 0.18 logs; the message names the method).
   */
  toJSON(): { name: string; status: number; message: string; url: string } {
    return { name: this.name, status: this.status, message: this.message, url: this.response.url };
  }
}

/**
 * Type guard for `NetworkError`, also true for errors from another copy of this library
 * (duck-typed on `name`, `status` and `response`).
 *
 * @example
 * if (isNetworkError(error) && error.status === 401) logout();
 */
export function isNetworkError(error: unknown): error is NetworkError {
  if (error instanceof NetworkError) return true;
  return (
    error instanceof Error &&
    error.name === 'NetworkError' &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof Response !== 'undefined' &&
    (error as { response?: unknown }).response instanceof Response
  );
}
