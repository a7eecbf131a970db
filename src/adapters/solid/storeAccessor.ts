import { createSignal } from 'solid-js';
import type { Accessor } from 'solid-js';
import { registerWatch, watchStoreSignal } from './bridge.js';
import type { Outcome, ReadableSignal } from './bridge.js';

/** What the accessor shows: a pending outcome is replaced by the fallback value. */
type Shown = Exclude<Outcome, { readonly status: 'pending' }>;

/**
 * An accessor over a non-suspending store signal (`cache`, `dle`, `query`, `live`): it reads the
 * signal's current value, `fallback` while there are no arguments (`null`: "not yet"), and
 * rethrows an error the signal threw so it reaches the nearest `<ErrorBoundary>`. The accessor
 * changes exactly when the store signal's value does (same-value writes are dropped by identity),
 * so Solid re-runs only the bindings that read it.
 *
 * @example
 * const article = storeAccessor(() => readArgs(args), a => client.cache(endpoint, ...a), undefined);
 */
export function storeAccessor<R, T>(
  resolve: () => R | null,
  build: (resolved: R) => ReadableSignal,
  fallback: T,
): Accessor<T> {
  const none: Shown = { status: 'value', value: fallback };
  const [outcome, setOutcome] = createSignal<Shown>(none, {
    equals: (a, b) => a.status === 'value' && b.status === 'value' && a.value === b.value,
  });
  const watch = watchStoreSignal(resolve, build, next => {
    // A store signal that suspends has no value to show yet: the fallback stands in for it.
    setOutcome(next === null || next.status === 'pending' ? none : next);
  });
  const read = (): T => {
    const current = outcome();
    if (current.status === 'error') throw current.error;
    return current.value as T;
  };
  registerWatch(read, watch);
  return read;
}
