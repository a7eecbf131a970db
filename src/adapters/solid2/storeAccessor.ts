import { createMemo, type Accessor } from 'solid-js';
import { storeSource, type ReadableSignal } from './bridge.js';

/**
 * An accessor over a non-suspending store signal (`cache`, `dle`, `query`, `live`) that follows
 * `resolve()` (`null`: "not yet", showing `fallback`). It gives the signal's current value (a
 * pending read shows `fallback`) and rethrows an error the signal threw, so it reaches the nearest
 * `<Errored>`. It is a memo compared by identity: Solid re-runs only what reads it, and only when
 * the store's value is another object.
 *
 * @example
 * const article = storeAccessor(createCall(endpoint, args), c => client.cache(c.endpoint, ...c.args), undefined);
 */
export function storeAccessor<C, T>(resolve: Accessor<C | null>, build: (resolved: C) => ReadableSignal, fallback: T): Accessor<T> {
  const source = storeSource();
  let followed: C | null | undefined;
  return createMemo(() => {
    const resolved = resolve();
    source.version();
    if (resolved !== followed) {
      followed = resolved;
      source.follow(resolved === null ? null : build(resolved));
    }
    const outcome = source.outcome();
    if (outcome === null || outcome.status === 'pending') return fallback;
    if (outcome.status === 'error') throw outcome.error;
    return outcome.value as T;
  });
}
