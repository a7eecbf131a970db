import { INVALID, type DenormalizeReader, type WriteSet } from './protocol.js';
import { SchemaError } from './SchemaError.js';
import { getOwn, isRecord } from './own.js';
import { denormalizeValue, reportDepthLimit, schemaName, type DenormalizeDelegate, type EntityBuild } from './visit.js';

/**
 * The one denormalize walk (pure `denormalize`, direct calls, the store's memo subclass). Within a
 * walk an entity is built once per scope; a cycle gets the object it claimed.
 *
 * @example
 * const d = new Denormalizer(reader, [], true);
 * d.unvisit([User], ['1', '2']);
 */
export class Denormalizer implements DenormalizeDelegate {
  args: readonly unknown[];
  depth = 0;
  readonly invalidPropagates: boolean;
  readonly reader: DenormalizeReader;
  readonly #scopes: object[] = [];
  readonly #storeds: object[] = [];
  readonly #results: unknown[] = [];
  #built: Map<object, Map<object, unknown>> | undefined;
  #reported = false;

  constructor(reader: DenormalizeReader, args: readonly unknown[], invalidPropagates: boolean) {
    this.reader = reader;
    this.args = args;
    this.invalidPropagates = invalidPropagates;
  }

  depthLimited(key: string, limit: number, own: boolean): void {
    if (this.#reported) return;
    this.#reported = true;
    reportDepthLimit(key, limit, own);
  }

  unvisit(schema: unknown, input: unknown): unknown {
    return denormalizeValue(schema, input, this);
  }

  getEntity(key: string, pk: string): unknown {
    return this.reader.getEntity(key, pk);
  }

  getPks(key: string): readonly string[] {
    return this.reader.getPks(key);
  }

  getIndex(key: string, field: string, value: string): string | undefined {
    return this.reader.getIndex(key, field, value);
  }

  claim(stored: object, result: unknown): void {
    const top = this.#storeds.length - 1;
    if (this.#storeds[top] === stored) this.#results[top] = result;
  }

  entity(scope: object, key: string, pk: string, build: EntityBuild, owner: unknown): unknown {
    const stored = this.getEntity(key, pk);
    // missing (null reads as undefined), `INVALID`, or a stored primitive: no entity to build
    if (typeof stored !== 'object' || stored === null) return stored ?? undefined;
    return this.#build(scope, stored, build, owner);
  }

  /** Builds `stored` as `scope` once per walk; a cycle back to it finds the claimed object. */
  #build(scope: object, stored: object, build: EntityBuild, owner: unknown): unknown {
    const scopes = this.#scopes, storeds = this.#storeds, results = this.#results;
    for (let i = storeds.length - 1; i >= 0; i--) if (storeds[i] === stored && scopes[i] === scope) return results[i];
    const done = this.#built?.get(scope)?.get(stored);
    if (done !== undefined) return done;
    scopes.push(scope);
    storeds.push(stored);
    results.push(undefined);
    let result: unknown;
    try {
      result = build(stored, this, owner as never);
    } finally {
      scopes.pop();
      storeds.pop();
      results.pop();
    }
    let byStored = (this.#built ??= new Map()).get(scope);
    if (byStored === undefined) this.#built.set(scope, (byStored = new Map()));
    byStored.set(stored, result);
    return result;
  }
}

/** Runs a denormalize, turning a stack overflow on deeply nested stored data into a `SchemaError`. */
export function guardDepth<T>(schema: unknown, run: () => T): T {
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
 * One walk without a memo. With `propagate` (data-client's values) a deleted entity is `INVALID`
 * and spreads; without, it reads as `undefined`.
 *
 * @example
 * denormalizeReader([User], ['1'], reader); // User[]
 */
export function denormalizeReader(schema: unknown, input: unknown, reader: DenormalizeReader, args: readonly unknown[] = [], propagate = true): unknown {
  const out = guardDepth(schema, () => new Denormalizer(reader, args, propagate).unvisit(schema, input));
  return typeof out === 'symbol' && !propagate ? undefined : out;
}

/**
 * Builds normalized `input` from plain entity tables with data-client's values: a deleted entity
 * is `INVALID`, which lists drop and which spreads to what requires it.
 *
 * @example
 * const { result, entities } = normalize([User], reply);
 * const users = denormalize([User], result, entities); // User[]
 * denormalize(User, '1', { User: { 1: INVALID } }); // INVALID
 */
export function denormalize(
  schema: unknown,
  input: unknown,
  entities: Record<string, Record<string, unknown>>,
  args: readonly unknown[] = [],
): unknown {
  const tableOf = (key: string): Record<string, unknown> | undefined => {
    const t = getOwn(entities, key);
    return isRecord(t) ? t : undefined;
  };
  return denormalizeReader(
    schema,
    input,
    tablesReader(
      (key, pk) => {
        const t = tableOf(key);
        return t ? getOwn(t, pk) : undefined;
      },
      key => Object.keys(tableOf(key) ?? {}),
    ),
    args,
  );
}

/**
 * The value a direct endpoint call resolves to, denormalized as `denormalize` does.
 *
 * @example
 * denormalizeWrites(User, normalizeToWriteSet(User, reply, [], EMPTY_READER, meta), []); // a User
 */
export function denormalizeWrites(schema: unknown, writes: WriteSet, args: readonly unknown[]): unknown {
  const t = writes.entities;
  return denormalizeReader(
    schema,
    writes.result,
    tablesReader(
      (key, pk) => t.get(key)?.get(pk),
      key => t.get(key)?.keys() ?? [],
    ),
    args,
  );
}

/** A reader over tables without indexes: `getIndex` scans (data-client's pure `denormalize` has none either). */
function tablesReader(getEntity: (key: string, pk: string) => unknown, pksOf: (key: string) => Iterable<string>): DenormalizeReader {
  return {
    getEntity,
    getPks: key => {
      const out: string[] = [];
      for (const pk of pksOf(key)) {
        const e = getEntity(key, pk);
        if (e !== undefined && e !== INVALID) out.push(pk);
      }
      return out;
    },
    getIndex: (key, field, value) => {
      for (const pk of pksOf(key)) {
        const e = getEntity(key, pk);
        if (isRecord(e) && String(getOwn(e, field)) === value) return pk;
      }
      return undefined;
    },
  };
}
