import type { IncomingHttpHeaders } from 'node:http';

/** One request as the test server received it. */
export interface RecordedRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** Path plus query string, exactly as sent (`/users?page=2`). */
  readonly url: string;
  /** Path without the query string, still percent-encoded. */
  readonly path: string;
  /** The parsed query string. */
  readonly query: URLSearchParams;
  /** Lower-case header names (`content-type`, `authorization`, ...). */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw request body ('' when none). */
  readonly body: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  readonly json: unknown;
  /** Path parameters of the route that matched (decoded), `{}` when none. */
  params: Record<string, string>;
}

/**
 * What a route handler returns. A plain value (object, array, string, number, null) is sent as
 * JSON with status 200; a `Reply` (made with `reply(...)`) controls status, headers and raw text.
 */
export interface Reply {
  readonly [REPLY]: true;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Raw body text; undefined sends no body at all. */
  readonly text: string | undefined;
}

export const REPLY: unique symbol = Symbol('test-server.reply');

export type Handler = (req: RecordedRequest) => unknown | Promise<unknown>;

/** Build an explicit reply: `reply(201, { id: 1 })`, `reply(204)`, `reply(200, 'hi', { 'content-type': 'text/plain' })`. */
export function reply(status: number, body?: unknown, headers: Record<string, string> = {}): Reply {
  const lower: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(headers)) lower[k.toLowerCase()] = v;
  let text: string | undefined;
  if (body === undefined) text = undefined;
  else if (typeof body === 'string' && lower['content-type'] !== undefined) text = body;
  else {
    text = JSON.stringify(body);
    lower['content-type'] ??= 'application/json; charset=utf-8';
  }
  return { [REPLY]: true, status, headers: lower, text };
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}
