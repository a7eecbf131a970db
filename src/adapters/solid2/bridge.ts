import { effect } from '@preact/signals-core';
import { createSignal, getOwner, onCleanup, onFlush, type Accessor } from 'solid-js';
import { isServer } from '@solidjs/web';
import { readOutcome, type Outcome, type ReadableSignal } from '../../core/index.js';

export { readOutcome, type Outcome, type ReadableSignal };

/** How an accessor made over the store follows it: its call and the store signal of a call. */
export interface Following<C = unknown> {
  readonly call: Accessor<C | null>;
  readonly build: (call: C) => ReadableSignal;
}

const followings = new WeakMap<object, Following>();

/** Records how `accessor` follows the store, so `useMembers` can follow the same calls. */
export function registerFollowing<C>(accessor: object, following: Following<C>): void {
  followings.set(accessor, following as Following);
}

/** How `accessor` follows the store, when it was made by a store primitive. */
export function followingOf(accessor: object): Following | undefined {
  return followings.get(accessor);
}

let queued: (() => void)[] = [];
function drain(): void {
  const writes = queued;
  queued = [];
  for (const write of writes) write();
}

/**
 * Hands a store change to Solid. The store is the source of truth and never part of a Solid
 * transition: written in the tick an `action()` starts (or any tick a transition holds), a plain
 * signal write would wait for that transition, so an optimistic update would not show until the
 * mutation settled. `onFlush` lands it right after the pending flush, outside any hold, and all
 * writes of one store change land in that one flush (list and rows agree). In an owned scope (a
 * component body or a computation, where `onFlush` is not meant to run and no action can hold the
 * write) it is written at once: the bridge's signals are created with `ownedWrite`.
 */
export function deliver(write: () => void): void {
  if (getOwner() !== null) write();
  else if (queued.push(write) === 1) onFlush(drain);
}

/** One store subscription at a time, as Solid sees it. */
export interface StoreSource {
  /** Tracked; changes with each outcome the followed signal gives after its first. */
  readonly version: Accessor<number>;
  /** The followed signal's latest outcome; `null` while following nothing. */
  outcome(): Outcome | null;
  /**
   * Follows `next`: it is subscribed before the previous signal is released, so a store entry
   * both show is never dropped and refetched in between. Its first outcome is read at once.
   */
  follow(next: ReadableSignal | null): void;
}

/**
 * The store side of every Solid 2 primitive: a subscription to one store signal (switched with
 * `follow`), its latest outcome in a plain variable, and a Solid signal, `version`, that tells
 * Solid when it changed. The subscription ends with the owner. On the server nothing is
 * subscribed: the signal is read afresh on each `outcome()`, and no cleanup is needed.
 *
 * @example
 * const source = storeSource();
 * source.follow(client.cache(ArticleResource.get, { id: 1 }));
 * const article = createMemo(() => (source.version(), source.outcome()));
 */
export function storeSource(): StoreSource {
  let current: ReadableSignal | null = null;
  let latest: Outcome | null = null;
  let release: (() => void) | undefined;
  let count = 0;
  let queuedWrite = false;
  const [version, setVersion] = createSignal(0, { ownedWrite: true });
  const publish = (): void => {
    queuedWrite = false;
    setVersion(++count);
  };
  const stop = (): void => {
    const previous = release;
    release = undefined;
    previous?.();
  };
  if (!isServer && getOwner() !== null) onCleanup(() => ((current = null), stop()));
  return {
    version,
    outcome: () => (isServer && current !== null ? readOutcome(current) : latest),
    follow(next) {
      current = next;
      if (isServer || next === null) {
        latest = null;
        stop();
        return;
      }
      let first = true;
      const dispose = effect(() => {
        const outcome = readOutcome(next);
        if (current !== next) return;
        latest = outcome;
        if (first) first = false;
        else if (!queuedWrite) {
          queuedWrite = true;
          deliver(publish);
        }
      });
      stop();
      release = dispose;
    },
  };
}
