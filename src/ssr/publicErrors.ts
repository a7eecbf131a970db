// What a server render lets the framework put into the page of an error (SolidStart, Solid 2 SSR, Nuxt).
import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { DataClient } from 'rest-signals';

/**
 * The error a server render may hand the framework, which puts what it caught into the page: Solid's
 * `<ErrorBoundary>` (`<Errored>`) serializes it, message and stack included, and Nuxt renders and
 * sends its message. Only the store error's name, `status` and `code` go; its message names upstream
 * hosts and quotes their replies, and stays on the server (in the store, for the server's own reads).
 *
 * @example
 * publicThrown(new NetworkError(response)); // Error { name: 'NetworkError', message: 'NetworkError: status 503', status: 503 }
 */
export function publicThrown(error: unknown): Error {
  const { name, status, code } = (error ?? {}) as { name?: unknown; status?: unknown; code?: unknown };
  const thrown = new Error() as Error & { status?: number; code?: string };
  thrown.name = typeof name === 'string' ? name : 'Error';
  thrown.message = typeof status === 'number' ? `${thrown.name}: status ${status}` : thrown.name;
  // the server's stack is not the page's business (the message already starts with the name)
  thrown.stack = thrown.message;
  if (typeof status === 'number') thrown.status = status;
  if (typeof code === 'string') thrown.code = code;
  return thrown;
}

/**
 * `client` for a server render: its `suspense` signals (what `useSuspense` reads, in every adapter)
 * throw `publicThrown` errors; a thrown promise ("still loading") passes. The store keeps the full
 * errors for the server's own reads.
 *
 * @example
 * const client = withPublicErrors(createDataClient({ managers: [...getDefaultManagers(), streamer] }));
 */
export function withPublicErrors(client: DataClient): DataClient {
  const publicOf = <T>(signal: ReadonlySignal<T>): ReadonlySignal<T> =>
    computed(() => {
      try {
        return signal.value;
      } catch (thrown) {
        throw typeof (thrown as { then?: unknown } | null)?.then === 'function' ? thrown : publicThrown(thrown);
      }
    });
  return { ...client, suspense: (endpoint, ...args) => publicOf(client.suspense(endpoint, ...args)) };
}
