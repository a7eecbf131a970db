import { INVALID, type EntityLike, type EntityMeta, type WriteSet } from '../schema/protocol.js';
import type { ReplyMeta, StoreAction } from '../store/types.js';

/** One committed entity write between tabs: key, pk, value (`null` for a deleted entity), meta. */
type EntityRow = readonly [key: string, pk: string, value: unknown, meta: EntityMeta | null];

/**
 * What one tab posts to the others (plain, structured-clonable data; `v` is the format version).
 * `write`: the entities and, with `key`, the result of a committed reply or `controller.set`;
 * `invalidate`: result keys that were invalidated; `reset`: the store was emptied.
 */
export type TabMessage =
  | {
      readonly v: 1;
      readonly kind: 'write';
      readonly key: string | null;
      readonly result: unknown;
      readonly meta: ReplyMeta;
      readonly entities: readonly EntityRow[];
    }
  | { readonly v: 1; readonly kind: 'invalidate'; readonly keys: readonly string[] }
  | { readonly v: 1; readonly kind: 'reset' };

/** The message for a committed store action, or undefined for what stays in its tab (optimistic layers, errors, GC, hydration, expiry). */
export function toTabMessage(action: StoreAction): TabMessage | undefined {
  switch (action.type) {
    case 'setResponse': {
      const rows: EntityRow[] = [];
      for (const [key, byPk] of action.writes.entities) {
        const metas = action.writes.meta.get(key);
        for (const [pk, value] of byPk) rows.push([key, pk, value === INVALID ? null : value, metas?.get(pk) ?? action.writes.common ?? null]);
      }
      return { v: 1, kind: 'write', key: action.key ?? null, result: action.key === undefined ? null : action.writes.result, meta: action.meta, entities: rows };
    }
    case 'invalidate':
      return { v: 1, kind: 'invalidate', keys: [...action.keys] };
    case 'reset':
      return { v: 1, kind: 'reset' };
    default:
      return undefined;
  }
}

const isMeta = (m: unknown): m is EntityMeta =>
  typeof m === 'object' && m !== null && typeof (m as EntityMeta).date === 'number' && typeof (m as EntityMeta).fetchedAt === 'number' && typeof (m as EntityMeta).expiresAt === 'number';

/** Checks the shape of a received message (anything may arrive on a channel); undefined when it is not one of ours. */
export function readTabMessage(data: unknown): TabMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.v !== 1) return undefined;
  if (m.kind === 'reset') return { v: 1, kind: 'reset' };
  if (m.kind === 'invalidate') {
    return Array.isArray(m.keys) && m.keys.every(k => typeof k === 'string') ? { v: 1, kind: 'invalidate', keys: m.keys as string[] } : undefined;
  }
  if (m.kind !== 'write' || !isMeta(m.meta) || !Array.isArray(m.entities) || !(m.key === null || typeof m.key === 'string')) return undefined;
  for (const row of m.entities as unknown[]) {
    if (!Array.isArray(row) || row.length !== 4 || typeof row[0] !== 'string' || typeof row[1] !== 'string') return undefined;
    if (!(row[3] === null || isMeta(row[3])) || !(row[2] === null || typeof row[2] === 'object')) return undefined;
  }
  return { v: 1, kind: 'write', key: m.key, result: m.result, meta: m.meta, entities: m.entities as EntityRow[] };
}

/**
 * The write-set of a received `write`: every entity the receiving tab does not hold a newer copy
 * of (by `date`, the rule of replies), as the sending tab committed it.
 */
export function receivedWriteSet(
  message: Extract<TabMessage, { kind: 'write' }>,
  newerHeld: (key: string, pk: string, meta: EntityMeta) => boolean,
  schemaOf: (key: string) => EntityLike | undefined,
): WriteSet {
  const writes: WriteSet = { result: message.result, entities: new Map(), meta: new Map(), schemas: new Map(), common: message.meta };
  for (const [key, pk, value, rowMeta] of message.entities) {
    const meta = rowMeta ?? message.meta;
    if (newerHeld(key, pk, meta)) continue;
    let byPk = writes.entities.get(key);
    if (!byPk) {
      writes.entities.set(key, (byPk = new Map()));
      writes.meta.set(key, new Map());
      const schema = schemaOf(key);
      if (schema) writes.schemas.set(key, schema);
    }
    byPk.set(pk, value === null ? INVALID : value);
    if (meta !== message.meta) writes.meta.get(key)!.set(pk, meta);
  }
  return writes;
}
