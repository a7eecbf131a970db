import { INVALID, type DenormalizeReader } from './protocol.js';
import { DenormalizeCache, depsUnchanged, ENTRY_DEPS, LIST_CELL, type CacheEntry, type ListCells, type RootEntry } from './DenormalizeCache.js';
import { Entity } from './Entity.js';
import { SchemaError } from './SchemaError.js';
import { denormalizeValue, reportDepthLimit, schemaName, type DenormalizeDelegate } from './visit.js';

/**
 * Denormalizes `input` (a normalized result) through `reader`, reusing unchanged entities from
 * `cache`. Every entity read goes through `reader.getEntity` (a cache hit re-reads each
 * dependency), so a computed signal running this tracks exactly the entities it shows. An
 * invalidated top-level entity gives undefined; cycles give one object per entity. When
 * `input` is an object (a list of pks, a result with nested pks), the whole call is memoized
 * too: while every entity it read is unchanged, the same output object comes back after one
 * pass over those entities. `input` must not be mutated after the call (results are replaced,
 * never edited). With `lists` (a reactive reader's `ListCells`), a long list is built from
 * cells over ranges of it: a result depends on those few cells instead of on every entity of the
 * list, so a change of one entity re-runs one range and patches one copy of the list. An entity
 * asked by its pk that the memo holds (a row of a list that built it) costs one dependency check.
 *
 * @example
 * const cache = new DenormalizeCache();
 * const view = computed(() => denormalizeCached([User], result, [], storeReader, cache));
 */
export function denormalizeCached(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  reader: DenormalizeReader,
  cache: DenormalizeCache,
  lists?: ListCells,
): unknown {
  if (typeof input === 'string' && typeof schema === 'function' && (schema as typeof Entity).denormalize === Entity.denormalize) {
    // a class with lens fields keeps its entries under a scope object: it misses here, and is built below
    const key = (schema as typeof Entity).key;
    const stored = reader.getEntity(key, input);
    const hit = typeof stored === 'object' && stored !== null ? cache.valid(key, input, stored, schema, reader, lists) : undefined;
    if (hit) return settle(hit[1], cache);
  }
  // a long list that is the whole result is its cached ranges' list as it is: `list` gives the same
  // array while no range changed, so a root memo around it would only repeat that check, and a
  // Denormalizer would only hand the list through (a short list gets undefined and goes below)
  if (lists && Array.isArray(schema) && Array.isArray(input)) {
    const built = lists.list(input, schema[0], args, rangeBuilder(lists.ranges.reader, cache, args, lists.ranges.lists, schema[0], input));
    if (built) return built.out;
  }
  const memo = typeof input === 'object' && input !== null && ((typeof schema === 'object' && schema !== null) || typeof schema === 'function') ? input : undefined;
  let stale: RootEntry | undefined;
  if (memo) {
    const hit = cache.lookupRoot(memo, schema, args);
    if (hit && depsUnchanged(hit.deps, reader, lists)) return settle(hit.result, cache);
    stale = hit;
  }
  const d = new Denormalizer(reader, cache, args, memo !== undefined, lists);
  const out = guardDepth(schema, () => d.unvisit(schema, input));
  if (memo && d.root.collect) {
    const rootArgs = d.argsRead ? args : undefined;
    // the root's deps: the whole scratch, every entity frame being closed
    const deps = d.a.slice(0, d.top);
    // the entry just found stale is updated where it is (the common re-run of one view)
    if (stale !== undefined && stale.args === rootArgs) {
      stale.result = out;
      stale.deps = deps;
    } else cache.storeRoot(memo, { schema: schema as object, args: rootArgs, result: out, deps });
  }
  return settle(out, cache);
}

/** The top-level value: a symbol stays `INVALID` while it propagates, else it reads as undefined. */
function settle(out: unknown, cache: DenormalizeCache): unknown {
  return typeof out === 'symbol' && !cache.invalidPropagates ? undefined : out;
}

/** Runs a denormalize, turning a stack overflow on deeply nested stored data into a `SchemaError`. */
export function guardDepth(schema: unknown, run: () => unknown): unknown {
  try {
    return run();
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new SchemaError(schemaName(schema), 'stored data nested too deeply to denormalize', '[deep value]');
    }
    throw e;
  }
}

/**
 * One level of the build: an entity being built, or the whole call (the root, at index 0).
 * While it is open, its deps (every entity read while building it, an entity's own entry first)
 * are the Denormalizer's scratch from `start` up, after two slots for its schema and result;
 * when it closes, those slots and its deps are copied out, at their size, into `entry` (the
 * cache entry it becomes). `low` is the lowest ancestor a cycle reaches. A frame closed outside
 * any cycle is reused by the next entity its Denormalizer opens (a few frames per call, not one
 * per entity); a frame in a cycle is kept (its entity is found by it until the cycle is cached).
 */
interface Frame {
  index: number;
  low: number;
  schema: object | undefined;
  stored: object | undefined;
  result: unknown;
  /** Where its deps start in the scratch while it is open. */
  start: number;
  /** Its `CacheEntry` (schema, result, then its `[key, pk, stored]` triples), once it is closed. */
  entry?: unknown[];
  /** Dedupes `deps`: the stored value of an object dep, else `key` + pk. Made on first need. */
  seen: Set<unknown> | undefined;
  /** Entities of the same cycle finished inside this frame, cached together with it. */
  members: Frame[] | undefined;
  /** True while it waits for its cycle to finish (not cached yet). */
  pending: boolean;
  /**
   * False only for a root whose deps are not wanted: its input cannot be memoized, or a read
   * the deps cannot express (`getPks`, `getIndex`) happened. Entity frames always collect.
   */
  collect: boolean;
}

function depId(key: unknown, pk: unknown, value: unknown): unknown {
  if (key === LIST_CELL) return pk;
  return typeof value === 'object' && value !== null ? value : `${(key as string).length}:${key as string}${pk as string}`;
}

/** Deps lists up to this many triples are deduped by a scan: most entities embed a few, and a Set each costs more. */
const SCAN_DEPS = 16;

/** Whether triple `i` of `deps` has the dep id `depId(key, pk, value)`. */
function sameDep(deps: readonly unknown[], i: number, key: unknown, pk: unknown, value: unknown): boolean {
  const k = deps[i];
  if (key === LIST_CELL) return k === LIST_CELL && deps[i + 1] === pk;
  if (k === LIST_CELL) return false;
  const v = deps[i + 2];
  if (typeof value === 'object' && value !== null) return v === value;
  return !(typeof v === 'object' && v !== null) && k === key && deps[i + 1] === pk;
}

/**
 * The deps of one Denormalizer's open frames, outermost first: `a[0..top)`, each frame's from its
 * `start`. Deps are only ever added to the innermost open frame, so its triples are always the
 * last ones. `a` only grows (`top` moves instead of its length: a shorter length trims the
 * array's room, which the next entity would grow again), so an entity's deps cost one exact
 * copy when it closes instead of an array per entity grown by `push` and copied (the first render
 * builds every entity once, and every allocation per entity shows there).
 */
interface Scratch {
  readonly a: unknown[];
  top: number;
}

// (`top` never passes `a.length`: a write at it appends, below it overwrites)
function push(s: Scratch, key: unknown, pk: unknown, value: unknown): void {
  s.a[s.top++] = key;
  s.a[s.top++] = pk;
  s.a[s.top++] = value;
}

/** Adds a dep to `frame`, the innermost open frame, unless it has it. */
function addDep(s: Scratch, frame: Frame, key: unknown, pk: unknown, value: unknown): void {
  if (!frame.collect) return;
  let seen = frame.seen;
  if (!seen) {
    const a = s.a;
    if (s.top - frame.start < SCAN_DEPS * 3) {
      for (let i = frame.start; i < s.top; i += 3) if (sameDep(a, i, key, pk, value)) return;
      push(s, key, pk, value);
      return;
    }
    seen = frame.seen = new Set();
    for (let i = frame.start; i < s.top; i += 3) seen.add(depId(a[i], a[i + 1], a[i + 2]));
  }
  const id = depId(key, pk, value);
  if (seen.has(id)) return;
  seen.add(id);
  push(s, key, pk, value);
}

/** Adds the deps of a cache entry (its triples from `ENTRY_DEPS`) to `frame`. */
function addDeps(s: Scratch, frame: Frame, entry: readonly unknown[]): void {
  if (frame.collect) for (let i = ENTRY_DEPS; i < entry.length; i += 3) addDep(s, frame, entry[i], entry[i + 1], entry[i + 2]);
}

/** Opens frame `f` (a closed one being reused, else a new object) at depth `index`; every field is (re)set, in one order. */
function newFrame(index: number, schema: object | undefined, stored: object | undefined, start: number, f = new FrameObject() as Frame): Frame {
  f.index = f.low = index;
  f.schema = schema;
  f.stored = stored;
  f.start = start;
  f.result = f.entry = f.seen = undefined;
  f.pending = false;
  f.collect = true;
  f.members = undefined;
  return f;
}

// An instance of a class of its own, not `{}`: V8 gives it room for ten fields in the object,
// which the fields assigned first take (an empty literal has four, and the rest of a frame went
// to a separate property store: an allocation per frame and a second load on every access);
// `members`, assigned last, is the one left outside (read only in cycles)
class FrameObject {}

/**
 * The `build(start, end)` of one long list (see `ListCells`): each entry that is one cached
 * entity remembers that cache entry, and while the entry is still the cache's and its deps read
 * as unchanged (tracked reads, the same a cache hit makes) its result is taken as it is, without
 * visiting the item schema; any other entry is denormalized by a Denormalizer of the range's own.
 */
function rangeBuilder(
  reader: DenormalizeReader,
  cache: DenormalizeCache,
  args: readonly unknown[],
  lists: ListCells,
  item: unknown,
  input: readonly unknown[],
): (start: number, end: number) => unknown[] {
  let slots: (CacheEntry | undefined)[] | undefined;
  // one Denormalizer for every range of this list, made by the first range that misses (its
  // scratch, frames and stack once per list, not once per range): ranges of one list never nest
  // (a list met again while one of its ranges is being built is built in one pass by that range),
  // and a range that throws leaves it at its root (every entity frame closes in a `finally`)
  let d: Denormalizer | undefined;
  // one depth guard per range, not one closure per entry: the entries of a first render are
  // the code's coldest path, where every allocation and call per row shows
  return (start, end) =>
    guardDepth(item, () => {
      const memo = (slots ??= new Array<CacheEntry | undefined>(input.length));
      // sized for every entry (a missing one shortens it below): a range is kept as long as its
      // list, and an array grown by `push` would keep twice the room it needs
      const out = new Array<unknown>(end - start);
      let n = 0;
      for (let i = start; i < end; i++) {
        const e = memo[i];
        let v: unknown;
        if (e !== undefined && current(e, reader, cache, lists)) v = e[1];
        else {
          d ??= new Denormalizer(reader, cache, args, false, lists);
          v = d.entry(item, input[i]);
          memo[i] = d.slotEntry;
        }
        if (v === undefined || v === null || v === INVALID) continue;
        out[n++] = v;
      }
      out.length = n;
      return out;
    }) as unknown[];
}

/** Whether `entry` is still what a cache hit gives for its entity: the same stored value, still the cache's entry, deps unchanged. */
function current(entry: CacheEntry, reader: DenormalizeReader, cache: DenormalizeCache, lists: ListCells): boolean {
  const key = entry[ENTRY_DEPS] as string, pk = entry[ENTRY_DEPS + 1] as string;
  const stored = reader.getEntity(key, pk);
  return stored === entry[ENTRY_DEPS + 2] && cache.valid(key, pk, stored as object, entry[0], reader, lists) === entry;
}

// Within one call the reader is a consistent snapshot, so a stored object identifies its
// entity: the per-call maps below are keyed by it instead of by built "key/pk" strings.
class Denormalizer implements DenormalizeDelegate, Scratch {
  readonly #args: readonly unknown[];
  readonly #reader: DenormalizeReader;
  readonly #cache: DenormalizeCache;
  readonly #lists: ListCells | undefined;
  /** The deps of the open frames (see `Scratch`): this Denormalizer is their scratch. */
  readonly a: unknown[] = [];
  top = 0;
  /** The whole call: collects every dep, for the root memo. Always `#stack[0]`. */
  readonly root: Frame = newFrame(0, undefined, undefined, 0);
  readonly #stack: Frame[] = [this.root];
  /** Closed frames, for the next entities to reuse (see `Frame`). */
  readonly #free: Frame[] = [];
  /** Entities finished in this call but not cached yet (their cycle is still open), so a second reference gets the same object. */
  #built: Map<object, Frame> | undefined;
  /** Reads made at the root (outside any entity) since `entry` started: an entry that is one cached entity makes exactly one. */
  #rootReads = 0;
  /** The cache entry an entity read at the root ended with (see `entry`). */
  #rootEntity: CacheEntry | undefined;
  /** True once a schema read `args` (then the root memo holds for these arguments only). */
  argsRead = false;
  readonly invalidPropagates: boolean;
  depth = 0;
  #depthReported = false;
  // what a build claims is the result of the frame it runs in, the innermost one: a build claims
  // before it denormalizes anything nested (one function per call instead of a closure per entity)
  readonly #claim = (result: unknown): void => {
    this.#stack[this.#stack.length - 1]!.result = result;
  };

  constructor(reader: DenormalizeReader, cache: DenormalizeCache, args: readonly unknown[], memoizable: boolean, lists: ListCells | undefined) {
    this.root.collect = memoizable;
    this.#reader = reader;
    this.#cache = cache;
    this.#args = args;
    this.#lists = lists;
    this.invalidPropagates = cache.invalidPropagates;
  }

  depthLimited(key: string, limit: number, own: boolean): void {
    if (this.#depthReported) return;
    this.#depthReported = true;
    reportDepthLimit(key, limit, own);
  }

  get args(): readonly unknown[] {
    this.argsRead = true;
    return this.#args;
  }

  unvisit(schema: unknown, input: unknown): unknown {
    return denormalizeValue(schema, input, this);
  }

  /**
   * Denormalizes one entry of a range (`item` of `input`) at the root. `slotEntry` then holds the
   * cache entry the result is, when the entry is exactly one cached entity (one read at the root,
   * no other lookup, the entity's own result): its deps are then all the entry depends on.
   */
  entry(item: unknown, input: unknown): unknown {
    this.#rootReads = 0;
    this.#rootEntity = undefined;
    // at the root every cycle is closed and cached: entries of one list may be built at different
    // times (the store may have changed since), so no entity built before is found but in the cache
    this.#built = undefined;
    // (the range building this entry guards the depth)
    const v = denormalizeValue(item, input, this);
    const e = this.#rootEntity as CacheEntry | undefined;
    this.slotEntry = this.#rootReads === 1 && e !== undefined && e[1] === v ? e : undefined;
    return v;
  }

  /** See `entry`. */
  slotEntry: CacheEntry | undefined;

  getEntity(key: string, pk: string): unknown {
    if (this.#stack.length === 1) this.#rootReads++;
    const v = this.#reader.getEntity(key, pk);
    addDep(this, this.#stack[this.#stack.length - 1]!, key, pk, v);
    return v;
  }

  /**
   * A long list through `ListCells`: each range is built by a Denormalizer of its own (sharing
   * the cache), and the current frame depends on the list's cells instead of its entities.
   */
  list(item: unknown, input: readonly unknown[]): unknown[] | undefined {
    const lists = this.#lists;
    if (lists === undefined) return undefined;
    // a list read from inside a range's entry: that entry is more than one cached entity
    if (this.#stack.length === 1) this.#rootReads += 2;
    const built = lists.list(input, item, this.#args, rangeBuilder(lists.ranges.reader, this.#cache, this.#args, lists.ranges.lists, item, input));
    if (built === undefined) return undefined;
    // a range may read the arguments: the memo of this call then holds for these arguments only
    this.argsRead = true;
    const frame = this.#stack[this.#stack.length - 1]!;
    for (let i = 0; i < built.cells.length; i++) addDep(this, frame, LIST_CELL, built.cells[i], built.values[i]);
    return built.out;
  }

  getPks(key: string): readonly string[] {
    this.root.collect = false;
    this.#rootReads += 2;
    return this.#reader.getPks(key);
  }

  getIndex(key: string, field: string, value: string): string | undefined {
    this.root.collect = false;
    this.#rootReads += 2;
    return this.#reader.getIndex(key, field, value);
  }

  /**
   * The innermost frame building `stored` right now (a cycle back to it), if any. The stack is
   * as deep as entities nest (a few levels), so a scan costs less than a map written per entity.
   */
  #open(stored: object): Frame | undefined {
    const stack = this.#stack;
    for (let i = stack.length - 1; i > 0; i--) if (stack[i]!.stored === stored) return stack[i];
    return undefined;
  }

  entity(
    schema: object,
    key: string,
    pk: string,
    build: (stored: object, claim: (result: unknown) => void) => unknown,
  ): unknown {
    const stored = this.getEntity(key, pk);
    // missing (null reads as undefined), `INVALID`, or a stored primitive: no entity to build
    if (typeof stored !== 'object' || stored === null) return stored ?? undefined;
    const parent = this.#stack[this.#stack.length - 1]!;

    const active = this.#open(stored);
    if (active && active.schema === schema) {
      parent.low = Math.min(parent.low, active.index);
      return active.result;
    }

    const done = this.#built?.get(stored);
    if (done && done.schema === schema) {
      addDeps(this, parent, done.entry!);
      // joining a cycle that is still being built: cached together with it
      if (done.pending) parent.low = Math.min(parent.low, done.low);
      return done.result;
    }

    const index = this.#stack.length;
    // the entry's own first dep is `stored`, which was just read (tracked) above
    const hit = this.#cache.valid(key, pk, stored, schema, this.#reader, this.#lists);
    if (hit) {
      addDeps(this, parent, hit);
      if (index === 1) this.#rootEntity = hit;
      return hit[1];
    }

    // the entry's schema and result slots, then its deps from `start`
    this.a[this.top++] = schema;
    this.a[this.top++] = undefined;
    const frame = newFrame(index, schema, stored, this.top, this.#free.pop());
    push(this, key, pk, stored);
    this.#stack.push(frame);
    let entry: unknown[];
    try {
      frame.result = build(stored, this.#claim);
    } finally {
      this.#stack.pop();
      // closed: its entry leaves the scratch, at its size
      entry = frame.entry = this.a.slice(frame.start - ENTRY_DEPS, this.top);
      this.top = frame.start - ENTRY_DEPS;
    }
    entry[1] = frame.result;
    addDeps(this, parent, entry);
    // the root (index 0) is no entity, so no cycle reaches it: `low` of an entity frame is ≥ 1
    if (frame.low < frame.index) {
      // part of a cycle through an ancestor: cached once the whole cycle is built, with its deps;
      // until then a second reference finds it here (a cached frame is found in the cache)
      (this.#built ??= new Map()).set(stored, frame);
      parent.low = Math.min(parent.low, frame.low);
      frame.pending = true;
      (parent.members ??= []).push(frame, ...(frame.members ?? []));
    } else {
      this.#cache.store(key, pk, entry as unknown as CacheEntry);
      if (index === 1) this.#rootEntity = entry as unknown as CacheEntry;
      // (no array nor iterator per entity for the common case: no cycle)
      if (frame.members) for (const m of frame.members) {
        m.pending = false;
        // own entity first, then the whole cycle's deps
        const own = m.entry!;
        this.#cache.store(own[ENTRY_DEPS] as string, own[ENTRY_DEPS + 1] as string, own.slice(0, ENTRY_DEPS + 3).concat(entry.slice(ENTRY_DEPS)) as unknown as CacheEntry);
      }
      // no cycle holds it (only a frame in a cycle is kept, in `#built` and its parent's `members`)
      this.#free.push(frame);
    }
    return frame.result;
  }

}
