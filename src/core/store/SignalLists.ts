import { computed, type ReadonlySignal } from '@preact/signals-core';
import { sameArgs, type ListCells } from '../schema/DenormalizeCache.js';
import type { DenormalizeReader } from '../schema/protocol.js';
import { markShared, shareStructure } from './shallow.js';

/** Lists shorter than this are built in one pass: their ranges would cost more than they save. */
export const INCREMENTAL_MIN_LENGTH = 64;
/** Entries per range: an entity update revalidates (cache hits) the other entries of its range. */
const RANGE = 8;
/**
 * Cells per group above the ranges (a group re-run reads its FAN children). Eight, not 32: an
 * update re-runs one group per level and each of its reads is a tracked signal read, so fewer
 * children per group cost less than the extra level (one computed) they add.
 */
const FAN = 8;

/** A range's entries, or a group's children values. */
type Cell = ReadonlySignal<readonly unknown[]>;

/** What `read` gives for a cell of a list being built right now: equal to no recorded value. */
const BUSY: unique symbol = Symbol('list being built');


/**
 * One long normalized list as a tree of computeds: ranges of `RANGE` entries at the bottom (each
 * denormalizes its entries, so it depends on just their entities), groups of `FAN` cells above,
 * until at most `FAN` cells are left at the top. An entity change re-runs the range showing it
 * and the groups above it (FAN reads per level); `read` then finds the changed ranges by
 * identity, walking down only where a value changed, and patches one copy of the list.
 *
 * Invariant: `last[l][j]` is the value of `levels[l][j]` as of the previous `read`, `flat` the
 * concatenation of `last[0]`, and `offsets[j]` where range `j` starts in `flat` (`offsets` has one
 * extra entry: the length of `flat`).
 */
class ListMemo {
  readonly item: unknown;
  readonly args: readonly unknown[];
  /** How many ranges of this list are being built right now (a cycle re-entering the list). */
  running = 0;
  readonly #levels: Cell[][] = [];
  readonly #last: (readonly unknown[] | undefined)[][] = [];
  #flat: unknown[] | undefined;
  #offsets: number[] = [];

  constructor(length: number, item: unknown, args: readonly unknown[], build: (start: number, end: number) => unknown[]) {
    this.item = item;
    this.args = args;
    const ranges: Cell[] = [];
    for (let start = 0; start < length; start += RANGE) ranges.push(this.#range(build, start, Math.min(start + RANGE, length)));
    let level = ranges;
    this.#levels.push(level);
    while (level.length > FAN) {
      const up: Cell[] = [];
      for (let start = 0; start < level.length; start += FAN) up.push(group(level.slice(start, start + FAN)));
      this.#levels.push((level = up));
    }
    for (const l of this.#levels) this.#last.push(new Array<undefined>(l.length));
  }

  #range(build: (start: number, end: number) => unknown[], start: number, end: number): Cell {
    let prev: readonly unknown[] | undefined;
    return computed(() => {
      this.running++;
      let out: unknown[];
      try {
        out = build(start, end);
      } finally {
        this.running--;
      }
      if (prev !== undefined && prev.length === out.length) {
        // plain containers among the entries keep their identity when their content did not change
        for (let i = 0; i < out.length; i++) out[i] = shareStructure(prev[i], out[i]);
        if (sameArgs(prev, out)) return prev;
      }
      return (prev = out);
    });
  }

  /** The top cells (those `read` reports as the list's deps). */
  get cells(): readonly Cell[] {
    return this.#levels[this.#levels.length - 1]!;
  }

  /** The list, with the top cells and the values read from them (tracked reads unless `peek`). */
  read(peek: boolean): { out: unknown[]; cells: readonly Cell[]; values: readonly unknown[] } {
    const h = this.#levels.length - 1;
    const top = this.#levels[h]!;
    const values = new Array<readonly unknown[]>(top.length);
    for (let j = 0; j < top.length; j++) values[j] = peek ? top[j]!.peek() : top[j]!.value;
    const changed: number[] = [];
    let resized = false;
    for (let j = 0; j < top.length; j++) resized = this.#descend(h, j, values[j]!, changed) || resized;
    if (this.#flat === undefined || resized) this.#rebuild();
    else if (changed.length > 0) {
      const out = this.#flat.slice();
      const ranges = this.#last[0]!;
      for (const j of changed) {
        const entries = ranges[j]!;
        let o = this.#offsets[j]!;
        for (let i = 0; i < entries.length; i++) out[o++] = entries[i];
      }
      this.#flat = markShared(out);
    }
    return { out: this.#flat!, cells: top, values };
  }

  /** Records the new value of cell `j` of level `l`; true when a range changed its length. */
  #descend(l: number, j: number, value: readonly unknown[], changed: number[]): boolean {
    const last = this.#last[l]!;
    const prev = last[j];
    if (prev === value) return false;
    last[j] = value;
    if (l === 0) {
      changed.push(j);
      return prev === undefined || prev.length !== value.length;
    }
    let resized = false;
    for (let k = 0; k < value.length; k++) resized = this.#descend(l - 1, j * FAN + k, value[k] as readonly unknown[], changed) || resized;
    return resized;
  }

  #rebuild(): void {
    const ranges = this.#last[0]!;
    const offsets = new Array<number>(ranges.length + 1);
    let n = 0;
    for (let j = 0; j < ranges.length; j++) {
      offsets[j] = n;
      n += ranges[j]!.length;
    }
    offsets[ranges.length] = n;
    const out = new Array<unknown>(n);
    let o = 0;
    for (const entries of ranges) for (let i = 0; i < entries!.length; i++) out[o++] = entries![i];
    this.#offsets = offsets;
    this.#flat = markShared(out);
  }
}

/** A cell over `children`: their values, the same array while none of them changed. */
function group(children: readonly Cell[]): Cell {
  let prev: readonly unknown[] | undefined;
  return computed(() => {
    const out = new Array<unknown>(children.length);
    for (let i = 0; i < children.length; i++) out[i] = children[i]!.value;
    if (prev !== undefined && sameArgs(prev, out)) return prev;
    return (prev = out);
  });
}

/**
 * The store's `ListCells`: long lists are built from computeds over ranges of them (see
 * `ListMemo`), one tree per normalized list object, item schema and arguments, kept while that
 * list object lives (a result replaced by another list drops its tree). A view then depends on
 * at most 8 cells per list, so one entity update costs the view a walk down one path of the
 * tree and one copy of the list, whatever the list's length. `untracked()` gives the same lists
 * for untracked reads (cells are peeked), so tracked and untracked reads share every entry.
 *
 * @example
 * const lists = new SignalLists(store.tracked);
 * const view = computed(() => denormalizeCached([Todo], ids, [], store.tracked, store.cache, lists));
 */
export class SignalLists implements ListCells {
  readonly ranges: { readonly reader: DenormalizeReader; readonly lists: ListCells };
  readonly #memos: WeakMap<object, ListMemo[]>;
  /** The list of each top cell, so a read from inside that list's own build can be told apart. */
  readonly #owners: WeakMap<object, ListMemo>;
  readonly #peek: boolean;

  /** `reader` is the tracked reader every range is built through. */
  constructor(reader: DenormalizeReader, shared?: SignalLists) {
    this.ranges = { reader, lists: shared ?? this };
    this.#memos = shared !== undefined ? shared.#memos : new WeakMap();
    this.#owners = shared !== undefined ? shared.#owners : new WeakMap();
    this.#peek = shared !== undefined;
  }

  /** The same lists, read without tracking (for untracked readers of the visible state). */
  untracked(): SignalLists {
    return new SignalLists(this.ranges.reader, this);
  }

  list(
    input: readonly unknown[],
    item: unknown,
    args: readonly unknown[],
    build: (start: number, end: number) => unknown[],
  ): { readonly out: unknown[]; readonly cells: readonly object[]; readonly values: readonly unknown[] } | undefined {
    if (input.length < INCREMENTAL_MIN_LENGTH) return undefined;
    let memos = this.#memos.get(input);
    if (memos === undefined) this.#memos.set(input, (memos = []));
    let memo = memos.find(m => m.item === item && sameArgs(m.args, args));
    if (memo === undefined) {
      memos.push((memo = new ListMemo(input.length, item, [...args], build)));
      for (const cell of memo.cells) this.#owners.set(cell, memo);
    }
    // re-entered while one of its own ranges is being built (a cycle through the list): built in one pass
    if (memo.running > 0) return undefined;
    return memo.read(this.#peek);
  }

  read(cell: object): unknown {
    // a cached entity that embeds this list, met again while one of the list's ranges is being
    // built (a cycle through the list): reads as changed, so it is rebuilt instead of read in a cycle
    if ((this.#owners.get(cell)?.running ?? 0) > 0) return BUSY;
    return this.#peek ? (cell as Cell).peek() : (cell as Cell).value;
  }
}
