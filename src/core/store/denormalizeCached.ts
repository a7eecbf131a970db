import { Denormalizer, guardDepth } from '../schema/denormalize.js';
import { sameArgs } from '../schema/own.js';
import type { DenormalizeReader } from '../schema/protocol.js';
import type { EntityBuild } from '../schema/visit.js';
import { shareStructure } from './shallow.js';

/** Options of `DenormalizeCache`. */
export interface DenormalizeCacheOptions {
  /**
   * How a deleted entity (or stored data `validate` refuses) reads: `'invalid'` (data-client's
   * values, the default) is `INVALID` and invalidates what requires it; `'missing'` is undefined.
   */
  deleted?: 'invalid' | 'missing';
}

/** One memoized entity: its result and what its build read, flat as (kind, key, a, b, value) quintuples. */
interface Entry {
  result: unknown;
  deps: unknown[];
}

const ENTITY = 0, PKS = 1, INDEX = 2;

/**
 * The memo of `denormalizeCached` over a plain reader, for code that denormalizes without a store
 * (data-client's `MemoCache`). A store keeps its own memo on its entity signals; this one is keyed
 * the same way, by what a build read: an entity's result is reused while every entity, pk list and
 * index lookup its build read (nested entities included) is still the same value in the reader.
 * Entries are held weakly by the entity's stored object, so replaced data is collected.
 *
 * @example
 * const cache = new DenormalizeCache();
 * denormalizeCached([User], ['1', '2'], [], reader, cache) === denormalizeCached([User], ['1', '2'], [], reader, cache); // true
 */
export class DenormalizeCache {
  readonly invalidPropagates: boolean;
  /** scope (entity class, or its lens scope) → stored object → entry */
  readonly entities = new WeakMap<object, WeakMap<object, Entry>>();
  /** The last output per normalized input object. */
  readonly outputs = new WeakMap<object, unknown>();

  constructor(options: DenormalizeCacheOptions = {}) {
    this.invalidPropagates = options.deleted !== 'missing';
  }
}

/** A walk that records what it reads and answers entities from `cache` while their reads hold. */
class CachedDenormalizer extends Denormalizer {
  readonly #cache: DenormalizeCache;
  readonly #deps: unknown[] = [];
  /** entities being built (scope, stored), innermost last: a cycle back to one is not memoized */
  readonly #open: object[] = [];

  constructor(reader: DenormalizeReader, args: readonly unknown[], cache: DenormalizeCache) {
    super(reader, args, cache.invalidPropagates);
    this.#cache = cache;
  }

  override getEntity(key: string, pk: string): unknown {
    const value = this.reader.getEntity(key, pk);
    this.#deps.push(ENTITY, key, pk, undefined, value);
    return value;
  }

  override getPks(key: string): readonly string[] {
    const value = this.reader.getPks(key);
    this.#deps.push(PKS, key, undefined, undefined, value);
    return value;
  }

  override getIndex(key: string, field: string, value: string): string | undefined {
    const pk = this.reader.getIndex(key, field, value);
    this.#deps.push(INDEX, key, field, value, pk);
    return pk;
  }

  override entity(scope: object, key: string, pk: string, build: EntityBuild, owner: unknown): unknown {
    const stored = this.reader.getEntity(key, pk);
    if (typeof stored !== 'object' || stored === null) return super.entity(scope, key, pk, build, owner);
    const open = this.#open;
    for (let i = open.length - 2; i >= 0; i -= 2) {
      if (open[i] === scope && open[i + 1] === stored) return super.entity(scope, key, pk, build, owner);
    }
    let byStored = this.#cache.entities.get(scope);
    const hit = byStored?.get(stored);
    if (hit !== undefined && this.#holds(hit.deps)) {
      for (const d of hit.deps) this.#deps.push(d);
      return hit.result;
    }
    const start = this.#deps.length;
    open.push(scope, stored);
    let result: unknown;
    try {
      result = super.entity(scope, key, pk, build, owner);
    } finally {
      open.length -= 2;
    }
    if (byStored === undefined) this.#cache.entities.set(scope, (byStored = new WeakMap()));
    byStored.set(stored, { result, deps: this.#deps.slice(start) });
    return result;
  }

  /** True while every read of `deps` gives the same value again (a pk list compared entry by entry). */
  #holds(deps: unknown[]): boolean {
    const reader = this.reader;
    for (let i = 0; i < deps.length; i += 5) {
      const kind = deps[i], key = deps[i + 1] as string, value = deps[i + 4];
      if (kind === ENTITY) {
        if (reader.getEntity(key, deps[i + 2] as string) !== value) return false;
      } else if (kind === PKS) {
        if (!sameArgs(reader.getPks(key), value as readonly string[])) return false;
      } else if (reader.getIndex(key, deps[i + 2] as string, deps[i + 3] as string) !== value) return false;
    }
    return true;
  }
}

/**
 * Denormalizes `input` (a normalized result) through `reader`, reusing from `cache` every entity
 * whose reads are unchanged, so an unchanged entity is the same object across calls, and a result
 * equal to the last one for the same `input` object is that object (structural sharing).
 * `input` must not be mutated after the call. With the default cache a deleted entity is `INVALID`
 * (data-client's values); `new DenormalizeCache({ deleted: 'missing' })` reads it as undefined.
 *
 * @example
 * const cache = new DenormalizeCache();
 * const users = denormalizeCached([User], ['1', '2'], [], reader, cache);
 */
export function denormalizeCached(
  schema: unknown,
  input: unknown,
  args: readonly unknown[],
  reader: DenormalizeReader,
  cache: DenormalizeCache,
): unknown {
  let out = guardDepth(schema, () => new CachedDenormalizer(reader, args, cache).unvisit(schema, input));
  if (typeof out === 'symbol') return cache.invalidPropagates ? out : undefined;
  // an output for the same input equal to the last (same entity objects, equal containers) is that object
  if (typeof input === 'object' && input !== null) {
    out = shareStructure(cache.outputs.get(input), out);
    cache.outputs.set(input, out);
  }
  return out;
}
