// What a row shows of its entity's store view; shared by the Solid 1 and Solid 2 `useEntity`.
import type { ReadableSignal } from '../../core/index.js';

/**
 * What `useEntity` follows: an entity instance (its class is looked up by `pk()`).
 *
 * @example
 * const row: EntityInstance = article;
 */
export interface EntityInstance {
  pk(): string | number | undefined;
}

/** An error the entity's store view threw on its last run, rethrown on read so it reaches the error boundary. */
export class ViewError {
  constructor(readonly error: unknown) {}
}

function isThenable(value: unknown): boolean {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** What one run of a store view shows: its value; `undefined` for "none" or a pending promise; a thrown error wrapped. */
export function shownBy(view: ReadableSignal): unknown {
  try {
    return view.value;
  } catch (thrown) {
    return isThenable(thrown) ? undefined : new ViewError(thrown);
  }
}
