/**
 * A reply whose body could not be read or parsed: malformed JSON, or a connection reset while
 * the body was arriving. The message names the method and URL and shows the start of the body;
 * `cause` holds the underlying error. `status` is 400, as data-client sets it for a body that
 * does not parse (the reply's own status, usually 200, is `responseStatus`).
 *
 * @example
 * try { await getUser({ id: 1 }); } catch (e) { if (e instanceof ParseError) console.log(e.url); }
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  /** Always 400: the reply arrived but its body is not what was declared. */
  readonly status = 400;
  /** HTTP status of the reply whose body failed. */
  readonly responseStatus: number;
  readonly url: string;
  readonly method: string;

  constructor(method: string, url: string, status: number, reason: string, cause: unknown) {
    super(`${method} ${url}: ${reason}`, { cause });
    this.responseStatus = status;
    this.url = url;
    this.method = method;
  }
}

/** Type guard for `ParseError`. @example if (isParseError(e)) retryLater(); */
export function isParseError(error: unknown): error is ParseError {
  return error instanceof ParseError;
}
