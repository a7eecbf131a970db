import { Signal } from '@preact/signals-core';

/** Shared by every watched signal: the signal itself records whether anything depends on it. */
const WATCH = {
  watched(this: Signal<unknown>) {
    (this as WatchedSignal<unknown> | EntityCell).watched = true;
  },
  unwatched(this: Signal<unknown>) {
    (this as WatchedSignal<unknown> | EntityCell).watched = false;
  },
};

/**
 * A signal that knows whether some effect (directly or through a computed) depends on it, as
 * the GC sweep asks of every store cell. The two callbacks are shared by all such signals, so a
 * cell costs one object, not an object plus two closures and their context.
 *
 * @example
 * const cell = new WatchedSignal<number | undefined>(undefined);
 * const stop = effect(() => void cell.value);
 * cell.watched; // true
 */
export class WatchedSignal<T> extends Signal<T> {
  // set in the constructor, not by a field initializer: V8 runs an initializer as a call of
  // its own per signal made
  declare watched: boolean;

  constructor(value: T) {
    super(value, WATCH);
    this.watched = false;
  }

  /** The signal itself: a result cell is its own signal. */
  get sig(): this {
    return this;
  }
}

/**
 * An entity's signal, holding its visible stored value, and beside it the memo of its last
 * denormalize (see `Memo`): the result `r` built under scope `s` from stored value `o`, valid
 * while `o` is still the value and every dep of `d` (a signal, then the value it held, flat) still
 * holds its value. The memo goes with the cell: an entity dropped from the store drops it too.
 */
export class EntityCell extends Signal<unknown> {
  declare watched: boolean;
  declare s: object | undefined;
  declare o: unknown;
  declare r: unknown;
  declare d: unknown[] | undefined;

  // a signal of its own (not a WatchedSignal): one constructor call fewer per entity
  constructor(value: unknown) {
    super(value, WATCH);
    this.watched = false;
    this.s = this.o = this.r = this.d = undefined;
  }
}
