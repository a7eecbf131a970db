import { effect, untracked } from '@preact/signals-core';
import { computed, customRef, getCurrentScope, onScopeDispose, shallowRef, watch } from 'vue';
import type { ComputedRef, EffectScope, Ref } from 'vue';
import { readOutcome, type Outcome, type ReadableSignal } from '../../core/index.js';
import { isServerSetup } from './context.js';
import { liveList } from './liveList.js';

export { readOutcome, type Outcome, type ReadableSignal };

/** The bridge's state: the current outcome (`null` for "not yet"), and whether it is a server setup. */
export interface StoreBridge {
  readonly outcome: Readonly<Ref<Outcome | null>>;
  /** true in a server setup: `outcome` reads the store afresh on every access and nothing is subscribed. */
  readonly server: boolean;
  /** What made it (client only), so `useMembers` can bridge another signal over the same resolution. */
  readonly made?: Made;
  /** The list presenter `valueRef` installs on first read; run on each store value (client only). */
  p?: (value: unknown) => unknown;
}

/** `bridgeStore`'s `resolve`, `same` and `build`, and the effect scope the bridge ends with. */
export type Made = readonly [
  resolve: () => unknown,
  same: (a: never, b: never) => boolean,
  build: (call: never) => ReadableSignal,
  scope: EffectScope | undefined,
];

/** The bridge behind each ref `valueRef` made, so `useMembers` can reach it. */
const bridges = new WeakMap<object, StoreBridge>();

/** The bridge whose outcome `ref` shows, when `valueRef` made it. */
export function bridgeOf(ref: object): StoreBridge | undefined {
  return bridges.get(ref);
}

/** What an outcome carries: the value, the pending promise or the error. */
function payload(outcome: Outcome): unknown {
  if (outcome.status === 'value') return outcome.value;
  return outcome.status === 'pending' ? outcome.promise : outcome.error;
}

function sameOutcome(a: Outcome | null, b: Outcome | null): boolean {
  if (a === null || b === null) return a === b;
  return a.status === b.status && Object.is(payload(a), payload(b));
}

/**
 * Bridges the store signal built from `resolve()` into one shallow outcome ref, following `resolve`
 * (`same` decides whether it addresses other data); `null` means "not yet".
 *
 * Invariants: one store subscription at a time; on a switch the new one starts before the old is
 * released, so a shared entry is never dropped and refetched. It ends with the scope. The ref is set
 * only on identity change (never deep or copied); the effect writes to Vue untracked. On the server
 * nothing is subscribed (nothing would unmount it): each read of `outcome` reads the store afresh.
 */
export function bridgeStore<C>(
  resolve: () => C | null,
  same: (a: C | null, b: C | null) => boolean,
  build: (call: C) => ReadableSignal,
): StoreBridge {
  if (isServerSetup()) {
    const call = resolve();
    const signal = call === null ? undefined : build(call);
    const outcome = customRef<Outcome | null>(track => ({
      get: () => {
        track();
        return signal === undefined ? null : readOutcome(signal);
      },
      set: () => {},
    }));
    return { outcome, server: true };
  }
  const outcome = shallowRef<Outcome | null>(null);
  // (the first `set` runs before the bridge is returned: no presenter yet)
  let self: StoreBridge | undefined;
  const set = (next: Outcome | null) => {
    if (sameOutcome(outcome.value, next)) return;
    if (next?.status === 'value') self?.p?.(next.value);
    outcome.value = next;
  };
  let current: C | null = null;
  let release: (() => void) | undefined;
  let started = false;

  const subscribe = (call: C | null) => {
    let next: (() => void) | undefined;
    if (call === null) set(null);
    else {
      const signal = build(call);
      next = effect(() => {
        const read = readOutcome(signal);
        untracked(() => set(read));
      });
    }
    const previous = release;
    release = next;
    previous?.();
  };
  const switchTo = (call: C | null) => {
    if (started && same(call, current)) return;
    started = true;
    current = call;
    subscribe(call);
  };

  watch(resolve, switchTo, { immediate: true });
  const scope = getCurrentScope();
  if (scope) {
    onScopeDispose(() => {
      const previous = release;
      release = undefined;
      previous?.();
    });
  }
  return (self = { outcome, server: false, made: [resolve, same, build, scope] });
}

/** `computed(getter)` on the client; on the server a ref running `getter` on every read (nothing triggers there). */
export function derived<T>(bridge: StoreBridge, getter: () => T): ComputedRef<T> {
  if (!bridge.server) return computed(getter);
  return customRef<T>(() => ({ get: getter, set: () => {} })) as unknown as ComputedRef<T>;
}

/**
 * A readonly ref over an outcome: the value, the error thrown on read (reaches `onErrorCaptured`),
 * `undefined` while "not yet". While refetching it keeps the last value, as Solid's resource does.
 * With `list` (client only) lists are presented by `liveList`, made on first read so an unread ref
 * makes no per-entity objects.
 */
export function valueRef<T>(bridge: StoreBridge, list?: boolean): ComputedRef<T | undefined> {
  let last: T | undefined;
  const ref = derived(bridge, () => {
    const now = bridge.outcome.value;
    if (now === null) return (last = undefined);
    if (now.status === 'pending') return last;
    if (now.status === 'error') throw now.error;
    return (last = (list && !bridge.server ? (bridge.p ??= liveList())(now.value) : now.value) as T);
  });
  bridges.set(ref, bridge);
  return ref;
}

/** Resolves once the outcome is no longer pending (the server awaits the promise, then reads again). */
export async function settled(bridge: StoreBridge): Promise<Outcome | null> {
  for (;;) {
    const now = bridge.outcome.value;
    if (now === null || now.status !== 'pending') return now;
    if (bridge.server) {
      await Promise.resolve(now.promise).then(undefined, () => undefined);
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
