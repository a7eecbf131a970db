import { validateState, type ResultMeta, type State, type Table } from '../store/serialize.js';

/** What `persist` writes under its key: the committed state and the paused mutations, stamped. */
export interface Envelope {
  readonly format: typeof FORMAT;
  readonly version: number;
  readonly buster: string;
  readonly savedAt: number;
  readonly state: State;
  readonly paused: readonly StoredMutation[];
}

/**
 * A paused mutation as stored: the endpoint's name (for messages), its identity (`storedId`; absent
 * in entries written before it was) and the arguments (body included) it was called with.
 */
export interface StoredMutation {
  readonly endpoint: string;
  readonly id?: string;
  readonly args: readonly unknown[];
}

export const FORMAT = 'rest-signals/persist';
/** The envelope version this build writes; an entry with a higher one was written by a newer build. */
export const VERSION = 1;

/** What reading an entry gave: nothing stored, an entry to drop (with the reason to warn, if any), or the entry. */
export type Decoded =
  | { readonly kind: 'empty' }
  | { readonly kind: 'drop'; readonly warning: string | undefined }
  | { readonly kind: 'ok'; readonly state: State; readonly paused: readonly StoredMutation[]; readonly warnings: readonly string[] };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function table<T>(): Table<T> {
  return Object.create(null) as Table<T>;
}

/**
 * The committed state as it may be stored: results that hold only an error (or were invalidated)
 * are left out, and a result that holds data keeps it without the error beside it. Errors are
 * this session's news, not data: a reload asks again.
 */
export function storableState(state: State): State {
  const endpoints = table<unknown>();
  const meta = table<ResultMeta>();
  for (const key of Object.keys(state.meta)) {
    const m = state.meta[key]!;
    if (m.invalidated || !Object.prototype.hasOwnProperty.call(state.endpoints, key)) continue;
    endpoints[key] = state.endpoints[key];
    meta[key] = { date: m.date, fetchedAt: m.fetchedAt, expiresAt: m.expiresAt };
  }
  return { entities: state.entities, indexes: state.indexes, endpoints, meta, entitiesMeta: state.entitiesMeta };
}

/** Reads a stored entry; never throws. `now`, `maxAge` and `buster` decide whether it is still good. */
export function decode(text: string | null | undefined, now: number, maxAge: number, buster: string): Decoded {
  if (text === null || text === undefined) return { kind: 'empty' };
  if (typeof text !== 'string') return { kind: 'drop', warning: `expected a JSON string, got ${typeof text}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'drop', warning: `the entry is not valid JSON (corrupt or truncated: ${(error as Error).message})` };
  }
  if (!isObject(value) || value.format !== FORMAT || typeof value.version !== 'number') {
    return { kind: 'drop', warning: `the entry was not written by persist() (foreign data: ${text.slice(0, 60)})` };
  }
  if (value.version > VERSION) {
    return { kind: 'drop', warning: `the entry was written by a newer version (format ${value.version}, this build reads ${VERSION})` };
  }
  if (value.buster !== buster) return { kind: 'drop', warning: undefined };
  if (typeof value.savedAt !== 'number' || Number.isNaN(value.savedAt)) {
    return { kind: 'drop', warning: `the entry has no valid savedAt (got ${JSON.stringify(value.savedAt)})` };
  }
  if (now - value.savedAt > maxAge) return { kind: 'drop', warning: undefined };
  try {
    validateState(value.state);
  } catch (error) {
    return { kind: 'drop', warning: `the stored state has the wrong shape: ${(error as Error).message}` };
  }
  const warnings: string[] = [];
  const paused: StoredMutation[] = [];
  const stored = value.paused === undefined ? [] : value.paused;
  if (!Array.isArray(stored)) warnings.push(`paused mutations dropped: expected an array, got ${JSON.stringify(stored)}`);
  else {
    for (const m of stored as unknown[]) {
      if (isObject(m) && typeof m.endpoint === 'string' && Array.isArray(m.args) && (m.id === undefined || typeof m.id === 'string')) {
        paused.push(m.id === undefined ? { endpoint: m.endpoint, args: m.args } : { endpoint: m.endpoint, id: m.id, args: m.args });
      } else warnings.push(`a paused mutation was dropped: expected { endpoint, args }, got ${JSON.stringify(m)}`);
    }
  }
  return { kind: 'ok', state: value.state, paused, warnings };
}

/** Whether `value` survives a JSON round trip unchanged (plain objects, arrays, strings, finite numbers, booleans, null). */
export function isPlainJson(value: unknown, depth = 0): boolean {
  if (depth > 100) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(v => isPlainJson(v, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as object).every(v => v === undefined || isPlainJson(v, depth + 1));
}
