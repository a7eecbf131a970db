import { computed, type ReadonlySignal } from '@preact/signals-core';
import { Denormalizer, guardDepth } from '../schema/denormalize.js';
import { Entity } from '../schema/Entity.js';
import { entityScope } from '../schema/lensField.js';
import { sameArgs } from '../schema/own.js';
import type { DenormalizeReader } from '../schema/protocol.js';
import { denormalizeValue, type EntityBuild } from '../schema/visit.js';
import type { EntityTable } from './EntityTable.js';
import { markShared, shareStructure } from './shallow.js';
import type { EntityCell } from './WatchedSignal.js';

type Cell = ReadonlySignal<unknown>;

/** Lists shorter than this are built in one pass: their ranges would cost more than they save. */
export const INCREMENTAL_MIN_LENGTH = 64;
/** Entries per range. */
const RANGE = 8;
/** Cells per group above the ranges: an update re-runs one group per level, each reading FAN cells. */
const FAN = 8;
/** Deps of one entity deduplicated by a scan up to this many (most entities nest a few; a Set each costs more). */
const SCAN = 32;

/** A member of a cycle closed before the cycle's first entity: memoized when that one closes. */
type Member = [scope: object, stored: object, result: unknown, cell: EntityCell, deps: unknown[] | undefined, low: number];

/** Nothing memoized answers (see `#hit`). */
const MISS: unique symbol = Symbol('miss');

/**
 * The store's memo (data-client's `WeakDependencyMap`, kept on the signals): each entity cell keeps
 * its last build with the (signal, value) deps it read; reused while every dep holds, so a reader
 * depends on exactly what the result shows. A cycle is memoized when its first entity closes.
 * Long lists are trees of computeds (`ListMemo`).
 */
export class Memo extends Denormalizer {
  readonly visible: DenormalizeReader;
  readonly #table: EntityTable;
  // frames being built, innermost last (parallel arrays); frames below `#base` belong to an enclosing walk
  readonly #scopes: object[] = [];
  readonly #storeds: object[] = [];
  readonly #results: unknown[] = [];
  #base = 0;
  /** The deps of the open frames, flat (signal, value), each frame's from its start. */
  readonly #deps: unknown[] = [];
  #top = 0;
  // per open frame: deps start, lowest open frame a cycle reached, cycle members closed so far
  readonly #starts: number[] = [];
  readonly #lows: number[] = [];
  readonly #members: (Member[] | undefined)[] = [];
  /** Members of open cycles, by stored object (one object per entity within the walk). */
  #pending: Map<object, Member> | undefined;
  /** The memo of a cell under a second scope (lens fields): rare, so kept apart from the cell. */
  readonly #others = new WeakMap<EntityCell, Map<object, [stored: unknown, result: unknown, deps: unknown[] | undefined]>>();
  #lists = new WeakMap<object, ListMemo[]>();
  /** The last output for each normalized input object: a read equal to it is that object (structural sharing). */
  #outputs = new WeakMap<object, unknown>();
  /** Entity reads at the root of the walk (no frame open) since a range entry started, and the cell of the last. */
  #rootReads = 0;
  #rootCell: EntityCell | undefined;

  constructor(table: EntityTable, tracked: DenormalizeReader, visible: DenormalizeReader) {
    super(tracked, [], false);
    this.#table = table;
    this.visible = visible;
  }

  /** The denormalized `input`, tracked by the running computed/effect; a deleted entity reads as undefined. */
  read(schema: unknown, input: unknown, args: readonly unknown[]): unknown {
    return this.#walk(schema, args, 0, () => {
      let out = this.#hit(schema, input);
      if (out !== MISS) return out;
      out = this.unvisit(schema, input);
      if (typeof out === 'symbol') return undefined;
      if (typeof input === 'object' && input !== null) {
        const last = this.#outputs.get(input);
        if (last !== (out = shareStructure(last, out))) this.#outputs.set(input, out);
      }
      return out;
    });
  }

  /** Runs `run` as its own walk, restoring any enclosing one. */
  #walk<T>(schema: unknown, args: readonly unknown[], depth: number, run: () => T): T {
    const { args: a, depth: dp } = this;
    const base = this.#base;
    const pending = this.#pending;
    this.args = args;
    this.depth = depth;
    this.#base = this.#storeds.length;
    this.#pending = undefined;
    try {
      return guardDepth(schema, run);
    } finally {
      this.args = a;
      this.depth = dp;
      this.#base = base;
      this.#pending = pending;
    }
  }

  /** An entity by pk answered by its memo alone, else `MISS`. Only where no frame is open. */
  #hit(schema: unknown, input: unknown): unknown {
    if (typeof input !== 'string' || input === '' || input === 'undefined' || typeof schema !== 'function' || (schema as typeof Entity).denormalize !== Entity.denormalize) return MISS;
    const cls = schema as typeof Entity;
    const cell = this.#table.cell(cls.key, input);
    const stored = cell.value;
    return typeof stored === 'object' && stored !== null && cell.s === entityScope(cls, cls.schema, this) && cell.o === stored && this.#valid(cell.d) ? cell.r : MISS;
  }

  /** True while every dep holds its value. A dep that throws (cycle through a list, failed build) counts as changed. */
  #valid(d: unknown[] | undefined): boolean {
    if (d === undefined) return true;
    try {
      for (let i = 0; i < d.length; i += 2) if ((d[i] as Cell).value !== d[i + 1]) return false;
    } catch {
      return false;
    }
    return true;
  }

  #dep(sig: unknown, value: unknown): void {
    const n = this.#storeds.length;
    if (n <= this.#base) return;
    const deps = this.#deps;
    const start = this.#starts[n - 1]!;
    if (this.#top - start < SCAN * 2) for (let i = start; i < this.#top; i += 2) if (deps[i] === sig) return;
    deps[this.#top++] = sig;
    deps[this.#top++] = value;
  }

  #addDeps(d: unknown[] | undefined): void {
    if (d !== undefined) for (let i = 0; i < d.length; i += 2) this.#dep(d[i], d[i + 1]);
  }

  override claim(stored: object, result: unknown): void {
    const top = this.#storeds.length - 1;
    if (top >= this.#base && this.#storeds[top] === stored) this.#results[top] = result;
  }

  override entity(scope: object, key: string, pk: string, build: EntityBuild, owner: unknown): unknown {
    const cell = this.#read(key, pk);
    const stored = cell.value;
    const n = this.#storeds.length;
    // missing (null reads as undefined), `INVALID`, or a stored primitive: no entity to build
    if (typeof stored !== 'object' || stored === null) return stored ?? undefined;
    const scopes = this.#scopes, storeds = this.#storeds, results = this.#results;
    for (let i = n - 1; i >= this.#base; i--) {
      if (storeds[i] !== stored || scopes[i] !== scope) continue;
      // a cycle back to an entity being built: the frames above it are members of its cycle
      if (i < this.#lows[n - 1]!) this.#lows[n - 1] = i;
      return results[i];
    }
    const member = this.#pending?.get(stored);
    if (member !== undefined && member[0] === scope) {
      if (member[5] < this.#lows[n - 1]!) this.#lows[n - 1] = member[5];
      this.#addDeps(member[4]);
      return member[2];
    }
    if (cell.s === scope || cell.s === undefined) {
      if (cell.o === stored && (cell.d === undefined || this.#valid(cell.d))) {
        if (cell.d !== undefined && n > this.#base) this.#addDeps(cell.d);
        return cell.r;
      }
    } else {
      const other = this.#others.get(cell)?.get(scope);
      if (other !== undefined && other[0] === stored && this.#valid(other[2])) {
        this.#addDeps(other[2]);
        return other[1];
      }
    }
    const start = this.#top;
    scopes.push(scope);
    storeds.push(stored);
    results.push(undefined);
    this.#starts.push(start);
    this.#lows.push(n);
    this.#members.push(undefined);
    let result: unknown, low: number, members: Member[] | undefined, deps: unknown[] | undefined;
    try {
      result = build(stored, this, owner as never);
    } finally {
      scopes.pop();
      storeds.pop();
      results.pop();
      this.#starts.pop();
      low = this.#lows.pop()!;
      members = this.#members.pop();
      deps = this.#top > start ? this.#deps.slice(start, this.#top) : undefined;
      this.#top = start;
    }
    if (low < n) {
      // a member of a cycle through an open ancestor: memoized when that ancestor closes
      const m: Member = [scope, stored, result, cell, deps, low];
      (this.#pending ??= new Map()).set(stored, m);
      if (low < this.#lows[n - 1]!) this.#lows[n - 1] = low;
      (this.#members[n - 1] ??= []).push(m, ...(members ?? []));
    } else {
      if (cell.s === scope || cell.s === undefined) {
        cell.s = scope;
        cell.o = stored;
        cell.r = result;
        cell.d = deps;
      } else this.#keep(cell, scope, stored, result, deps);
      if (members !== undefined) {
        const whole = deps === undefined ? [cell, stored] : [cell, stored, ...deps];
        for (const m of members) {
          this.#pending!.delete(m[1]);
          this.#keep(m[3], m[0], m[1], m[2], whole);
        }
      }
    }
    if (deps !== undefined && n > this.#base) this.#addDeps(deps);
    return result;
  }

  #keep(cell: EntityCell, scope: object, stored: object, result: unknown, deps: unknown[] | undefined): void {
    if (cell.s === scope || cell.s === undefined) {
      cell.s = scope;
      cell.o = stored;
      cell.r = result;
      cell.d = deps;
      return;
    }
    let byScope = this.#others.get(cell);
    if (byScope === undefined) this.#others.set(cell, (byScope = new Map()));
    byScope.set(scope, [stored, result, deps]);
  }

  /** An entity read outside `entity` (lens cell, past the depth limit). */
  override getEntity(key: string, pk: string): unknown {
    // at the root it counts as two reads: the entry is more than one memoized entity
    this.#rootReads++;
    return this.#read(key, pk).value;
  }

  #read(key: string, pk: string): EntityCell {
    const cell = this.#table.cell(key, pk);
    const value = cell.value;
    if (this.#storeds.length > this.#base) this.#dep(cell, value);
    else {
      this.#rootReads++;
      this.#rootCell = cell;
    }
    return cell;
  }

  override getPks(key: string): readonly string[] {
    this.#rootReads += 2;
    return super.getPks(key);
  }

  override getIndex(key: string, field: string, value: string): string | undefined {
    this.#rootReads += 2;
    return super.getIndex(key, field, value);
  }

  list(item: unknown, input: readonly unknown[]): unknown[] | undefined {
    if (input.length < INCREMENTAL_MIN_LENGTH) return undefined;
    let memos = this.#lists.get(input);
    if (memos === undefined) this.#lists.set(input, (memos = []));
    const args = this.args;
    let memo: ListMemo | undefined;
    for (const m of memos) if (m.item === item && sameArgs(m.args, args)) memo = m;
    if (memo === undefined) memos.push((memo = new ListMemo(this, input, item, [...args], this.depth)));
    // re-entered while one of its own ranges is being built (a cycle through the list): built in one pass
    if (memo.running > 0) return undefined;
    const out = memo.read();
    const cells = memo.cells, values = memo.values;
    for (let j = 0; j < cells.length; j++) this.#dep(cells[j], values[j]);
    return out;
  }

  /** Builds entries `start..end` in their own walk; an entry that was exactly one memoized entity is kept in `slots` and reused while its memo holds. */
  range(input: readonly unknown[], item: unknown, args: readonly unknown[], depth: number, start: number, end: number, slots: (EntityCell | undefined)[], scopes: (object | undefined)[]): unknown[] {
    return this.#walk(item, args, depth, () => {
      const out = new Array<unknown>(end - start);
      let n = 0;
      for (let i = start; i < end; i++) {
        const c = slots[i];
        let v: unknown;
        if (c !== undefined && c.s === scopes[i] && c.o === c.value && this.#valid(c.d)) v = c.r;
        else {
          this.#rootReads = 0;
          this.#rootCell = undefined;
          v = denormalizeValue(item, input[i], this);
          // (one read at the root is always an entity's: `#rootCell` is set)
          const cell = this.#rootCell!;
          const one = this.#rootReads === 1 && cell.r === v;
          slots[i] = one ? cell : undefined;
          scopes[i] = one ? cell.s : undefined;
        }
        if (v === undefined || v === null || typeof v === 'symbol') continue;
        out[n++] = v;
      }
      out.length = n;
      return out;
    });
  }

  /** After a store reset: the ranges read cells no longer in the table. */
  clear(): void {
    this.#lists = new WeakMap();
    this.#outputs = new WeakMap();
  }
}

/**
 * A long list as a tree of computeds: ranges of `RANGE` entries, groups of `FAN` above. `read`
 * walks down only where a value changed and patches one copy of the list.
 * Invariant: `#last[l][j]` is the value of `#levels[l][j]` as of the previous `read`, `#flat` the
 * concatenation of `#last[0]`, and `#offsets[j]` where range `j` starts in `#flat`.
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

  constructor(memo: Memo, input: readonly unknown[], item: unknown, args: readonly unknown[], depth: number) {
    this.item = item;
    this.args = args;
    const ranges: Cell[] = [];
    // per entry: the cell whose memo it was, and that memo's scope (see `Memo.range`)
    const slots = new Array<EntityCell | undefined>(input.length);
    const scopes = new Array<object | undefined>(input.length);
    for (let start = 0; start < input.length; start += RANGE) {
      const end = Math.min(start + RANGE, input.length);
      let prev: readonly unknown[] | undefined;
      ranges.push(
        computed(() => {
          this.running++;
          let out: unknown[];
          try {
            out = memo.range(input, item, args, depth, start, end, slots, scopes);
          } finally {
            this.running--;
          }
          if (prev !== undefined && prev.length === out.length) {
            for (let i = 0; i < out.length; i++) out[i] = shareStructure(prev[i], out[i]);
            if (sameArgs(prev, out)) return prev;
          }
          return (prev = out);
        }),
      );
    }
    let level = ranges;
    this.#levels.push(level);
    while (level.length > FAN) {
      const up: Cell[] = [];
      for (let start = 0; start < level.length; start += FAN) up.push(group(level.slice(start, start + FAN)));
      this.#levels.push((level = up));
    }
    for (const l of this.#levels) this.#last.push(new Array<undefined>(l.length));
  }

  get cells(): readonly Cell[] {
    return this.#levels[this.#levels.length - 1]!;
  }

  /** The values of the top cells as of the last `read`. */
  get values(): readonly unknown[] {
    return this.#last[this.#last.length - 1]!;
  }

  read(): unknown[] {
    const h = this.#levels.length - 1;
    const top = this.#levels[h]!;
    const changed: number[] = [];
    let resized = false;
    for (let j = 0; j < top.length; j++) resized = this.#descend(h, j, top[j]!.value as readonly unknown[], changed) || resized;
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
    return this.#flat!;
  }

  /** True when a range changed its length. */
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

function group(children: readonly Cell[]): Cell {
  let prev: readonly unknown[] | undefined;
  return computed(() => {
    const out = new Array<unknown>(children.length);
    for (let i = 0; i < children.length; i++) out[i] = children[i]!.value;
    if (prev !== undefined && sameArgs(prev, out)) return prev;
    return (prev = out);
  });
}
