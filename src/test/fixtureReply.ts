import { NetworkError, type AnyEndpoint } from '../core/index.js';
import type { Fixture, Interceptor, NetworkErrorLike } from './fixtureTypes.js';

/** A fixture or an interceptor, as the resolver holds them (endpoint types erased). */
export type AnyEntry = Fixture | Interceptor;

/** true for a fixture (it has `args`), false for an interceptor. */
export function isFixture(entry: AnyEntry): entry is Fixture {
  return Object.prototype.hasOwnProperty.call(entry, 'args');
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

/**
 * Computes the reply of `entry` for one call: its `response` (called with the arguments and the
 * interceptor state as `this` when it is a function). Resolves to the reply or rejects with the
 * error, as the request would.
 */
export async function replyOf(entry: AnyEntry, endpoint: AnyEndpoint, args: readonly unknown[], key: string, state: unknown): Promise<unknown> {
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
  throw isNetworkErrorLike(value) ? toNetworkError(endpoint, key, value) : value;
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
