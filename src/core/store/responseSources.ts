import type { Store } from './Store.js';

/**
 * What a client view of an endpoint's response reads (set by `client.cache` on the signal it
 * returns), so `membersOf` can follow that response's membership without the response itself.
 */
export interface ResponseSource {
  readonly store: Store;
  readonly schema: unknown;
  readonly args: readonly unknown[];
  readonly key: string;
}

/** The response each client view shows, by view signal. */
export const responseSources = new WeakMap<object, ResponseSource>();
