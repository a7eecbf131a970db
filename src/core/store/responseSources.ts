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

// A registered symbol on the view itself, not a module-level map: a second copy of the library
// (its CommonJS build beside the ESM one) follows a view the other made.
const SOURCE = Symbol.for('rest-signals.responseSource');

/** Records on `view` (a client view's signal) the response it shows: a hidden, fixed property. */
export function setResponseSource(view: object, source: ResponseSource): void {
  Object.defineProperty(view, SOURCE, { value: source });
}

/** The response `view` shows, when it is a client view of an endpoint's response. */
export function responseSourceOf(view: object): ResponseSource | undefined {
  return (view as { [SOURCE]?: ResponseSource })[SOURCE];
}
