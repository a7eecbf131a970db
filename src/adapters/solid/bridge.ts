import { effect, untracked, type ReadonlySignal } from '@preact/signals-core';
import { createComputed, onCleanup, untrack } from 'solid-js';
import { isServer } from 'solid-js/web';
import { readOutcome, type Outcome, type ReadableSignal } from '../../core/index.js';

export { readOutcome, type Outcome, type ReadableSignal };

/**
 * Receives every outcome of the watched signal; `fresh` is true for the first outcome after the
 * source switched to another signal (new arguments), `null` when the source yields no signal.
 */
export type OutcomeSink = (outcome: Outcome | null, fresh: boolean) => void;

/** A running `watchStoreSignal`. */
export interface StoreWatch {
  /**
   * A second watch, in the current owner, over the same resolution (arguments followed alike)
   * of `follow(signal)` instead of the signal, e.g. `membersOf` for `useMembers`. It is a
   * subscription of its own: this watch and its sink are left as they are.
   */
  derive(follow: (signal: ReadonlySignal<unknown>) => ReadableSignal, sink: OutcomeSink): StoreWatch;
}

/** The store watch behind each accessor made over one, so `useMembers` can reach it. */
const watches = new WeakMap<object, StoreWatch>();

/** Records that `accessor` shows what `watch` reports. */
export function registerWatch(accessor: object, watch: StoreWatch): void {
  watches.set(accessor, watch);
}

/** The store watch behind `accessor`, when one was registered. */
export function watchOf(accessor: object): StoreWatch | undefined {
  return watches.get(accessor);
}

/**
 * Watches the store signal built from what `resolve()` yields and reports its outcomes to
 * `sink`, following `resolve` when the Solid signals it reads change. `resolve` yielding `null`
 * means "not yet": no store signal is watched and the sink gets `null`.
 *
 * Invariants: at most one store subscription is held at a time. On a switch the new signal is
 * watched before the old one is released, so a store entry both share is never dropped and
 * refetched in between. The subscription ends with the owner (`onCleanup`). `resolve` runs
 * tracked (it reads accessor arguments); `build` and the store's effect run untracked, and the
 * effect writes to Solid untracked, so neither reactive system subscribes to the other's reads.
 * On the server (`isServer`) the signal is read once and never watched: a server render neither
 * starts polling nor holds a subscription that no cleanup would end.
 *
 * @example
 * watchStoreSignal(() => readArgs(args), a => client.cache(endpoint, ...a), outcome => setOutcome(outcome));
 */
export function watchStoreSignal<R>(
  resolve: () => R | null,
  build: (resolved: R) => ReadableSignal,
  sink: OutcomeSink,
): StoreWatch {
  if (isServer) {
    const resolved = resolve();
    sink(resolved === null ? null : readOutcome(build(resolved)), true);
    return { derive: (follow, derivedSink) => watchStoreSignal(resolve, r => follow(build(r) as ReadonlySignal<unknown>), derivedSink) };
  }
  let release: (() => void) | undefined;
  const subscribe = (resolved: R | null, fresh: boolean) => {
    untrack(() => {
      let next: (() => void) | undefined;
      if (resolved === null) {
        sink(null, fresh);
      } else {
        const signal = build(resolved);
        next = effect(() => {
          const outcome = readOutcome(signal);
          const first = fresh;
          fresh = false;
          untracked(() => sink(outcome, first));
        });
      }
      const previous = release;
      release = next;
      previous?.();
    });
  };
  createComputed(() => subscribe(resolve(), true));
  onCleanup(() => {
    const previous = release;
    release = undefined;
    previous?.();
  });
  return {
    derive: (follow, derivedSink) => watchStoreSignal(resolve, r => follow(build(r) as ReadonlySignal<unknown>), derivedSink),
  };
}
