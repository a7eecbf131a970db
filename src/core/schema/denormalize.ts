import type { DenormalizeReader } from './protocol.js';
import { DenormalizeCache } from './DenormalizeCache.js';
import { denormalizeCached } from './denormalizeCached.js';
import { getOwn, isRecord } from './own.js';

/**
 * Builds the data of a normalized `input` from plain entity tables (as `normalize` returns
 * them): entities become class instances, invalidated ones disappear from lists, an
 * invalidated or missing top-level entity gives undefined.
 *
 * @example
 * const { result, entities } = normalize([User], reply);
 * const users = denormalize([User], result, entities); // User[]
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
    getPks: key => Object.keys(tableOf(key) ?? {}),
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
  return denormalizeCached(schema, input, args, reader, new DenormalizeCache());
}
