import { NetworkError, type AnyEndpoint } from '../core/index.js';
import type { FetchInterceptor, Fixture, NetworkErrorLike, ResponseInterceptor } from './fixtureTypes.js';

/** A fixture or an interceptor, as the resolver holds them (endpoint types erased). */
export type AnyEntry = Fixture | ResponseInterceptor | FetchInterceptor;

/** true for a fixture (it has `args`), false for an interceptor. */
export function isFixture(entry: AnyEntry): entry is Fixture {
  return Object.prototype.hasOwnProperty.call(entry, 'args');
}

/** true for an interceptor answering through `fetchResponse` (it wins over a `response` beside it, as in data-client). */
export function isFetchInterceptor(entry: AnyEntry): entry is FetchInterceptor {
  return !isFixture(entry) && typeof (entry as { fetchResponse?: unknown }).fetchResponse === 'function';
}

function isNetworkErrorLike(value: unknown): value is NetworkErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}

/**
 * The `NetworkError` a server replying `status` (and `body` as JSON) to this call would give:
 * same status, method and URL (from the call's key), the body's reason at the end of the message,
 * body unread.
 */
export function toNetworkError(endpoint: AnyEndpoint, key: string, like: NetworkErrorLike): NetworkError {
  const method = String((endpoint as { method?: unknown }).method ?? 'GET');
  const url = key.startsWith(`${method} `) ? key.slice(method.length + 1) : key;
  const status = Number.isInteger(like.status) && like.status >= 200 && like.status <= 599 ? like.status : 500;
  const body = like.body === undefined ? null : JSON.stringify(like.body);
  const response = new Response(status === 204 || status === 205 || status === 304 ? null : body, {
    status,
    headers: body === null ? {} : { 'content-type': 'application/json' },
  });
  // a constructed Response has an empty url; the error message names the call's URL
  Object.defineProperty(response, 'url', { value: url });
  return new NetworkError(response, method, excerptOf(like.body));
}

/** The server's reason, as a real error reply's message ends: a string error/message/detail/title field, else the JSON (200 characters at most). */
function excerptOf(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'object' && !Array.isArray(body)) {
    for (const field of ['error', 'message', 'detail', 'title']) {
      const value: unknown = Object.getOwnPropertyDescriptor(body, field)?.value;
      if (typeof value === 'string' && value.trim()) return clip(value);
    }
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.trim() ? clip(text) : undefined;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

/** A thrown `{ status }` object becomes the `NetworkError` a server replying that status gives; anything else stays as it is. */
function asFailure(endpoint: AnyEndpoint, key: string, value: unknown): unknown {
  return isNetworkErrorLike(value) ? toNetworkError(endpoint, key, value) : value;
}

/**
 * Computes the reply of a fixture or a `response` interceptor for one call: its `response`
 * (called with the arguments and the interceptor state as `this` when it is a function).
 * Resolves to the reply (the parsed body, before the endpoint's `process`) or rejects with the
 * error, as the request would.
 */
export async function replyOf(entry: Fixture | ResponseInterceptor, endpoint: AnyEndpoint, args: readonly unknown[], key: string, state: unknown): Promise<unknown> {
  let failed = isFixture(entry) && entry.error === true;
  let value: unknown;
  const response: unknown = entry.response;
  if (typeof response === 'function') {
    try {
      value = await (response as (...a: readonly unknown[]) => unknown).apply(state, [...args]);
    } catch (error) {
      value = error;
      failed = true;
    }
  } else value = response;
  if (!failed) return value;
  throw asFailure(endpoint, key, value);
}

/**
 * Runs the endpoint's own request for one call (`fetch` of `endpoint`, with `request` as `this`:
 * it carries the abort signal) with `fetchResponse` replaced by the interceptor's: what it returns
 * is sent as a `200` JSON reply, so `url()`, `getRequestInit()`, `parseResponse` and `process` all
 * run as they would against a server. Resolves to what the endpoint's `fetch` resolves to.
 *
 * The replacement is put on a view whose prototype is the request rather than on an
 * `extend({ fetchResponse })` copy: `extend` derives a class per call, and the view keeps the
 * request's signal and every member (also those a subclass added) without copying them.
 */
export async function fetchReplyOf(entry: FetchInterceptor, endpoint: AnyEndpoint, request: AnyEndpoint, args: readonly unknown[], key: string, state: unknown): Promise<unknown> {
  const intercept = entry.fetchResponse;
  const fetchResponse = async (input: string, init: RequestInit): Promise<Response> => {
    const body: unknown = await intercept.call(state, input, init);
    if (body instanceof Response) {
      throw new TypeError(`createMockClient: the fetchResponse interceptor of ${endpoint.name} returned a Response; return the body the server would send instead`);
    }
    const response = new Response(body === undefined ? null : JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    // a constructed Response has an empty url; a parse error names the request's URL
    Object.defineProperty(response, 'url', { value: input });
    return response;
  };
  const view: unknown = Object.create(request, { fetchResponse: { value: fetchResponse } });
  try {
    return await (endpoint.fetch as (this: unknown, ...a: readonly unknown[]) => Promise<unknown>).apply(view, [...args]);
  } catch (error) {
    throw asFailure(endpoint, key, error);
  }
}

/** The delay of `entry` for a call, in ms (0 when none, or when it is not a finite positive number). */
export function delayOf(entry: AnyEntry, args: readonly unknown[]): number {
  const d: unknown = entry.delay;
  const ms = typeof d === 'function' ? (d as (...a: readonly unknown[]) => unknown)(...args) : d;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts (the timer is cleared). */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
