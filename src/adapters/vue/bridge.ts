import { effect, untracked } from '@preact/signals-core';
import { getCurrentScope, onScopeDispose, shallowRef, watch } from 'vue';
import type { ShallowRef } from 'vue';
import { isServerSetup } from './context.js';

/** What reading a store signal gave: its value, a pending promise (suspense), or an error. */
export type Outcome =
  | { readonly status: 'value'; readonly value: unknown }
  | { readonly status: 'pending'; readonly promise: PromiseLike<unknown> }
  | { readonly status: 'error'; readonly error: unknown };

/** A store signal as the adapter reads it (a `ReadonlySignal` of `@preact/signals-core`). */
export interface ReadableSignal {
  readonly value: unknown;
}

/** The bridge's state: the current outcome (`null` for "not yet") and a re-read for server setups. */
export interface StoreBridge {
  readonly outcome: Readonly<ShallowRef<Outcome | null>>;
  /** Reads the current store signal again (server setups, which do not subscribe). */
  refresh(): void;
  readonly server: boolean;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Reads a store signal once, turning a thrown promise or error into an outcome. */
export function readOutcome(signal: ReadableSignal): Outcome {
  try {
    return { status: 'value', value: signal.value };
  } catch (thrown) {
    return isThenable(thrown) ? { status: 'pending', promise: thrown } : { status: 'error', error: thrown };
  }
}

function sameOutcome(a: Outcome | null, b: Outcome | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.status === 'value' && b.status === 'value') return Object.is(a.value, b.value);
  if (a.status === 'pending' && b.status === 'pending') return a.promise === b.promise;
  if (a.status === 'error' && b.status === 'error') return Object.is(a.error, b.error);
  return false;
}

/**
 * Bridges the store signal built from what `resolve()` yields into one shallow ref of its
 * outcome, following `resolve` when the refs and getters it reads change (`same` decides whether
 * a new resolution addresses other data). `resolve` yielding `null` means "not yet": no store
 * signal is watched and the outcome is `null`.
 *
 * Invariants: at most one store subscription is held at a time. On a switch the new signal is
 * watched before the old one is released, so a store entry both share is never dropped and
 * refetched in between. The subscription ends with the effect scope (`onScopeDispose`). The
 * outcome ref is shallow and set only when the value's identity changes: the data is never made
 * deeply reactive or copied, and views re-render only when the store hands out a new object.
 * The store's effect writes to Vue untracked, so neither reactive system subscribes to the
 * other's reads. In a server setup nothing is subscribed: the signal is read once (`refresh()`
 * reads it again).
 *
 * @example
 * const { outcome } = bridgeStore(() => resolveCall(endpoint, args), sameCall, ([e, a]) => store.cache(e, ...a));
 */
export function bridgeStore<C>(
  resolve: () => C | null,
  same: (a: C | null, b: C | null) => boolean,
  build: (call: C) => ReadableSignal,
): StoreBridge {
  const outcome = shallowRef<Outcome | null>(null);
  const server = isServerSetup();
  const set = (next: Outcome | null) => {
    if (!sameOutcome(outcome.value, next)) outcome.value = next;
  };
  let current: C | null = null;
  let signal: ReadableSignal | undefined;
  let release: (() => void) | undefined;
  let started = false;

  const switchTo = (call: C | null) => {
    if (started && same(call, current)) return;
    started = true;
    current = call;
    signal = call === null ? undefined : build(call);
    let next: (() => void) | undefined;
    if (signal === undefined) set(null);
    else if (server) set(readOutcome(signal));
    else {
      const watched = signal;
      next = effect(() => {
        const read = readOutcome(watched);
        untracked(() => set(read));
      });
    }
    const previous = release;
    release = next;
    previous?.();
  };

  watch(resolve, switchTo, { immediate: true });
  if (getCurrentScope()) {
    onScopeDispose(() => {
      const previous = release;
      release = undefined;
      previous?.();
    });
  }
  return {
    outcome,
    server,
    refresh: () => {
      if (signal !== undefined) set(readOutcome(signal));
    },
  };
}

/**
 * Resolves once the bridge's outcome is no longer pending: a value, an error or `null`. On the
 * client the subscription updates the outcome; a server setup awaits the thrown promise and
 * reads the store again.
 */
export async function settled(bridge: StoreBridge): Promise<Outcome | null> {
  for (;;) {
    const now = bridge.outcome.value;
    if (now === null || now.status !== 'pending') return now;
    if (bridge.server) {
      await Promise.resolve(now.promise).then(
        () => undefined,
        () => undefined,
      );
      bridge.refresh();
    } else {
      await new Promise<void>(done => {
        const stop = watch(
          bridge.outcome,
          () => {
            stop();
            done();
          },
          { flush: 'sync' },
        );
      });
    }
  }
}
