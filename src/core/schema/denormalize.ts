import { INVALID, type DenormalizeReader } from './protocol.js';
import { guardDepth } from './denormalizeCached.js';
import { getOwn, isRecord } from './own.js';
import { denormalizeValue, reportDepthLimit, type DenormalizeDelegate } from './visit.js';

/**
 * Builds the data of a normalized `input` from plain entity tables (as `normalize` returns
 * them), with data-client's values: entities become class instances, a missing one is
 * undefined, and a deleted one (or stored data `validate` refuses) is `INVALID`, which lists
 * drop and which makes the object literal or the entity requiring it `INVALID` too (see
 * `DenormalizeCache`'s `deleted` option). A store's views show `undefined` instead.
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
  const reader: DenormalizeReader = {
    getEntity: (key, pk) => {
      const t = tableOf(key);
      return t ? getOwn(t, pk) : undefined;
    },
    getPks: key => {
      const t = tableOf(key);
      return t ? Object.keys(t).filter(pk => t[pk] !== undefined && t[pk] !== INVALID) : [];
    },
    getIndex: (key, field, value) => {
      const t = tableOf(key);
      if (!t) return undefined;
      for (const pk of Object.keys(t)) {
        const e = t[pk];
        if (isRecord(e) && String(getOwn(e, field)) === value) return pk;
      }
      return undefined;
    },
  };
  const d = new OneShotDenormalizer(reader, args);
  return guardDepth(schema, () => d.unvisit(schema, input));
}

/**
 * The delegate of a call without a cache to keep: each entity is built once per call (one
 * object however often it is referenced, cycles included) and nothing else is recorded, so it
 * does none of `denormalizeCached`'s dependency bookkeeping. Its output is what
 * `denormalizeCached` gives with a fresh `DenormalizeCache`.
 */
class OneShotDenormalizer implements DenormalizeDelegate {
  readonly args: readonly unknown[];
  readonly invalidPropagates = true;
  depth = 0;
  #depthReported = false;
  readonly #reader: DenormalizeReader;
  /**
   * Stored object → the schema that built it and its result. An entry is made before its
   * build starts (the result is claimed before children are visited), so a cycle back to an
   * entity under construction finds it.
   */
  readonly #built = new Map<object, { readonly schema: object; result: unknown }>();

  constructor(reader: DenormalizeReader, args: readonly unknown[]) {
    this.#reader = reader;
    this.args = args;
  }

  unvisit(schema: unknown, input: unknown): unknown {
    return denormalizeValue(schema, input, this);
  }

  depthLimited(key: string, limit: number, own: boolean): void {
    if (this.#depthReported) return;
    this.#depthReported = true;
    reportDepthLimit(key, limit, own);
  }

  getEntity(key: string, pk: string): unknown {
    return this.#reader.getEntity(key, pk);
  }

  getPks(key: string): readonly string[] {
    return this.#reader.getPks(key);
  }

  getIndex(key: string, field: string, value: string): string | undefined {
    return this.#reader.getIndex(key, field, value);
  }

  entity(schema: object, key: string, pk: string, build: (stored: object, claim: (result: unknown) => void) => unknown): unknown {
    const stored = this.#reader.getEntity(key, pk);
    if (stored === undefined || stored === null || stored === INVALID) return stored ?? undefined;
    if (typeof stored !== 'object') return stored;
    const done = this.#built.get(stored);
    if (done && done.schema === schema) return done.result;
    const slot = { schema, result: undefined as unknown };
    this.#built.set(stored, slot);
    slot.result = build(stored, r => {
      slot.result = r;
    });
    return slot.result;
  }
}
