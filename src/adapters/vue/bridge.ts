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
  /**
   * What made it (client only): its arguments and the scope it ends with, so `useMembers` can make
   * a second bridge over the same resolution (arguments followed alike) watching another signal.
   */
  readonly made?: Made;
  /**
   * What a value ref presenting lists (`valueRef`) runs on each value the store gives, before the
   * outcome is set (client only; set on the ref's first read).
   */
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
 * other's reads. In a server setup nothing is subscribed (nothing would ever unmount it): the
 * arguments are resolved once and every read of `outcome` reads the store signal afresh, so the
 * render shows what the store holds by then.
 *
 * @example
 * const { outcome } = bridgeStore(() => resolveCall(endpoint, args), sameCall, ([e, a]) => store.cache(e, ...a));
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

/**
 * A readonly ref of `getter`: a cached `computed` on the client; on the server a ref that runs
 * `getter` on every read, since a server bridge's outcome is read afresh rather than triggered.
 */
export function derived<T>(bridge: StoreBridge, getter: () => T): ComputedRef<T> {
  if (!bridge.server) return computed(getter);
  return customRef<T>(() => ({ get: getter, set: () => {} })) as unknown as ComputedRef<T>;
}

/**
 * A readonly computed ref over an outcome: the value, the error thrown on read so it reaches
 * `onErrorCaptured`, and `undefined` while "not yet". While a value is being fetched again
 * (after `invalidate`, a reset, an expiry of an `invalidIfStale` endpoint, or new arguments),
 * it keeps the last value it showed, as Solid's resource does: a ref typed as the data is never
 * `undefined` once it had data. With `list` (client only), a list of entities is shown as
 * `liveList` shows it. The presenter is made on the ref's first read, so a store ref nobody reads
 * (the ref `useMembers` is given) makes no per-entity objects; from then on the bridge runs it on
 * each store value as it arrives, so the per-entity objects hold the current value even when
 * nothing reads the ref again (an object kept by an event handler is never stale), and a read gives
 * the same array while only entities changed (a `computed` or a render over the ref alone does not
 * re-run for an entity change).
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

/**
 * Resolves once the bridge's outcome is no longer pending: a value, an error or `null`. On the
 * client the subscription updates the outcome; a server setup awaits the thrown promise, then
 * reads the store again.
 */
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
