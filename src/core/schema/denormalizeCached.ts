import { INVALID, type DenormalizeReader } from './protocol.js';
import { DenormalizeCache, type CacheDep } from './DenormalizeCache.js';
import { SchemaError } from './SchemaError.js';
import { denormalizeValue, schemaName, type DenormalizeDelegate } from './visit.js';

/**
 * Denormalizes `input` (a normalized result) through `reader`, reusing unchanged entities from
 * `cache`. Every entity read goes through `reader.getEntity` (a cache hit re-reads each
 * dependency), so a computed signal running this tracks exactly the entities it shows. An
 * invalidated top-level entity gives undefined; cycles give one object per entity.
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
): unknown {
  const d = new Denormalizer(reader, cache, args);
  let out: unknown;
  try {
    out = d.unvisit(schema, input);
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      throw new SchemaError(schemaName(schema), 'stored data nested too deeply to denormalize', '[deep value]');
    }
    throw e;
  }
  return out === INVALID ? undefined : out;
}

/** One entity being built: its deps so far and, for cycles, the lowest ancestor it reaches. */
interface Frame {
  readonly index: number;
  low: number;
  readonly schema: object;
  readonly stored: object;
  result: unknown;
  /** Every entity read while building it, its own entry first. */
  readonly deps: CacheDep[];
  /** Dedupes `deps`: the stored value of an object dep, else `key` + pk. */
  seen: Set<unknown> | undefined;
  /** Entities of the same cycle finished inside this frame, cached together with it. */
  members: Frame[] | undefined;
  /** True while it waits for its cycle to finish (not cached yet). */
  pending: boolean;
}

function addDep(frame: Frame, dep: CacheDep): void {
  const v = dep[2];
  const id = typeof v === 'object' && v !== null ? v : `${dep[0].length}:${dep[0]}${dep[1]}`;
  if (!frame.seen) frame.seen = new Set([frame.stored]);
  if (frame.seen.has(id)) return;
  frame.seen.add(id);
  frame.deps.push(dep);
}

// Within one call the reader is a consistent snapshot, so a stored object identifies its
// entity: the per-call maps below are keyed by it instead of by built "key/pk" strings.
class Denormalizer implements DenormalizeDelegate {
  readonly args: readonly unknown[];
  readonly #reader: DenormalizeReader;
  readonly #cache: DenormalizeCache;
  readonly #stack: Frame[] = [];
  readonly #active = new Map<object, Frame>();
  /** Entities finished in this call, so a second reference gets the same object even before caching. */
  readonly #built = new Map<object, Frame>();

  constructor(reader: DenormalizeReader, cache: DenormalizeCache, args: readonly unknown[]) {
    this.#reader = reader;
    this.#cache = cache;
    this.args = args;
  }

  unvisit(schema: unknown, input: unknown): unknown {
    return denormalizeValue(schema, input, this);
  }

  getEntity(key: string, pk: string): unknown {
    const v = this.#reader.getEntity(key, pk);
    const top = this.#stack[this.#stack.length - 1];
    if (top) addDep(top, [key, pk, v]);
    return v;
  }

  getPks(key: string): readonly string[] {
    return this.#reader.getPks(key);
  }

  getIndex(key: string, field: string, value: string): string | undefined {
    return this.#reader.getIndex(key, field, value);
  }

  entity(
    schema: object,
    key: string,
    pk: string,
    build: (stored: object, claim: (result: unknown) => void) => unknown,
  ): unknown {
    const stored = this.getEntity(key, pk);
    if (stored === undefined || stored === null || stored === INVALID) return stored ?? undefined;
    if (typeof stored !== 'object') return stored;
    const parent: Frame | undefined = this.#stack[this.#stack.length - 1];

    const active = this.#active.get(stored);
    if (active && active.schema === schema) {
      if (parent) parent.low = Math.min(parent.low, active.index);
      return active.result;
    }

    const done = this.#built.get(stored);
    if (done && done.schema === schema) {
      if (parent) {
        for (const dep of done.deps) addDep(parent, dep);
        // joining a cycle that is still being built: cached together with it
        if (done.pending) parent.low = Math.min(parent.low, done.low);
      }
      return done.result;
    }

    const hit = this.#cache.lookup(stored, schema);
    if (hit && this.#stillValid(hit.deps)) {
      if (parent) for (const dep of hit.deps) addDep(parent, dep);
      return hit.result;
    }

    const index = this.#stack.length;
    const frame: Frame = {
      index,
      low: index,
      schema,
      stored,
      result: undefined,
      deps: [[key, pk, stored]],
      seen: undefined,
      members: undefined,
      pending: false,
    };
    this.#stack.push(frame);
    this.#active.set(stored, frame);
    try {
      frame.result = build(stored, r => {
        frame.result = r;
      });
    } finally {
      this.#stack.pop();
      this.#active.delete(stored);
    }
    this.#built.set(stored, frame);
    if (parent) for (const dep of frame.deps) addDep(parent, dep);
    if (frame.low < frame.index && parent) {
      // part of a cycle through an ancestor: cached once the whole cycle is built, with its deps
      parent.low = Math.min(parent.low, frame.low);
      frame.pending = true;
      (parent.members ??= []).push(frame, ...(frame.members ?? []));
    } else {
      this.#cache.store(stored, { schema, result: frame.result, deps: frame.deps });
      for (const m of frame.members ?? []) {
        m.pending = false;
        // own entry first, then the whole cycle's deps
        this.#cache.store(m.stored, { schema: m.schema, result: m.result, deps: [m.deps[0]!, ...frame.deps] });
      }
    }
    return frame.result;
  }

  /** Re-reads every dep (tracked reads); valid only if each is still the same stored value. */
  #stillValid(deps: readonly CacheDep[]): boolean {
    for (const [key, pk, value] of deps) {
      if (this.#reader.getEntity(key, pk) !== value) return false;
    }
    return true;
  }
}
