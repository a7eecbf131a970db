import { createMemo, type Accessor, type SourceAccessor } from 'solid-js';
import { isServer } from '@solidjs/web';
import { registerFollowing, storeSource, type ReadableSignal, type StoreSource } from './bridge.js';
import type { Call } from './call.js';

/** Resolves when the source's outcome is not pending: to a new gate value, or rejects with the store's error. */
function ready(source: StoreSource, next: () => number): number | Promise<number> {
  const outcome = source.outcome();
  if (outcome === null || outcome.status === 'value') return next();
  if (outcome.status === 'error') throw outcome.error;
  const again = (): number | Promise<number> => ready(source, next);
  return Promise.resolve(outcome.promise).then(again, again);
}

/**
 * An accessor over a suspense-style store signal, in Solid 2's async model.
 *
 * Two memos. The gate is async: on a first load (and when the store drops the data it showed, e.g.
 * after `invalidate`) it returns a promise that settles when the store has an answer, so the
 * nearest `<Loading>` shows its fallback (a first load) or `isPending` reads true while the last
 * value stays (a refetch); the store's error is thrown from it to the nearest `<Errored>`. Its
 * value is a counter, so what Solid serializes for hydration is never the data: the client
 * hydrates the store itself (the `DataProvider` of `rest-signals/solid2/ssr`). The data memo reads
 * the gate and gives the store's value; it is the accessor users hold, so `refresh()` reaches it.
 *
 * A run of either memo with neither the call nor the store's version changed is a re-ask (an
 * `<Errored>` reset re-runs the gate, `refresh(data)` the data memo): it fetches through the
 * controller (`refetch`, deduplicated like any `controller.fetch`) and settles when the reply is
 * committed. Such a re-ask is quiet, as Solid 2's `refresh` is; `affects(data)` makes it pending.
 *
 * @example
 * const data = suspenseAccessor(createCall(endpoint, args), c => client.suspense(c.endpoint, ...c.args), c => ctrl.fetch(c.endpoint, ...c.args));
 */
export function suspenseAccessor<T>(
  call: Accessor<Call | null>,
  build: (call: Call) => ReadableSignal,
  refetch: (call: Call) => Promise<unknown>,
): SourceAccessor<T> {
  const source = storeSource();
  let followed: Call | null | undefined;
  let gateVersion = -1;
  let gates = 0;
  const next = (): number => ++gates;
  const reask = (c: Call): Promise<number> => {
    const again = (): number | Promise<number> => ready(source, next);
    return refetch(c).then(again, again);
  };
  const gate = createMemo((): number | Promise<number> => {
    const c = call();
    const version = source.version();
    if (c !== followed) {
      followed = c;
      source.follow(c === null ? null : build(c));
    } else if (c !== null && version === gateVersion && !isServer) {
      return reask(c);
    }
    gateVersion = version;
    return ready(source, next);
  });
  let seenGate: number | undefined;
  let seenVersion = -1;
  let shown: T | undefined;
  const data = createMemo((): T | undefined | Promise<T | undefined> => {
    const g = gate();
    const version = source.version();
    if (g === seenGate && version === seenVersion && followed != null && !isServer) {
      return reask(followed).then(() => (shown = valueOf<T>(source, shown)));
    }
    seenGate = g;
    seenVersion = version;
    return (shown = valueOf<T>(source, shown));
  }) as SourceAccessor<T>;
  registerFollowing(data, { call, build });
  return data;
}

/** The source's value; while a newer answer is pending (the gate holds), the one shown before. */
function valueOf<T>(source: StoreSource, shown: T | undefined): T | undefined {
  const outcome = source.outcome();
  if (outcome === null) return undefined;
  if (outcome.status === 'value') return outcome.value as T;
  if (outcome.status === 'error') throw outcome.error;
  return shown;
}
