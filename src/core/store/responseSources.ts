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
  /**
   * What a watcher of the view would start (fetching when the response needs it), to run while
   * `membersOf` watches the membership instead; `track` makes the tracked reads that say when to
   * check again. Returns its release.
   */
  readonly watch?: (track: () => void) => () => void;
}

/** The response each client view shows, by view signal. */
export const responseSources = new WeakMap<object, ResponseSource>();
