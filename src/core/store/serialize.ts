import { INVALID, type EntityMeta } from '../schema/protocol.js';
import { getOwn, isOwn, isRecord as isTable, setPlain, table } from '../schema/own.js';
import type { Store } from './Store.js';
import type { ErrorPolicy, ResultEntry, StoreAction } from './types.js';

/**
 * A table whose keys are plain data: created without a prototype, so `"__proto__"` is a key.
 *
 * @example
 * const users: Table<unknown> = controller.getState().entities.User;
 */
export type Table<T> = Record<string, T>;

/**
 * The meta of one result key in `State`.
 *
 * @example
 * const meta: ResultMeta = controller.getState().meta['GET /users/1'];
 */
export interface ResultMeta {
  readonly date: number;
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly invalidated?: boolean;
  readonly errorPolicy?: ErrorPolicy;
  /** The recorded error as plain data; `serializeState` leaves out `message` (it may name internal hosts). */
  readonly error?: { readonly name: string; readonly message?: string; readonly status?: number; readonly code?: string };
}

/**
 * The committed state as JSON data, shaped as `@data-client/core`'s (an invalidated entity is
 * `null`; optimistic updates are left out).
 *
 * @example
 * const json = JSON.stringify(client.controller.getState());
 * createDataClient({ initialState: JSON.parse(json) });
 */
export interface State {
  readonly entities: Table<Table<unknown>>;
  readonly indexes: Table<Table<Table<string>>>;
  readonly endpoints: Table<unknown>;
  readonly meta: Table<ResultMeta>;
  readonly entitiesMeta: Table<Table<EntityMeta>>;
}

// null-prototype tables: `__proto__` is an ordinary key
function sub<T>(t: Table<Table<T>>, key: string): Table<T> {
  if (!isOwn(t, key)) setPlain(t, key, table<T>());
  return t[key]!;
}

/** Reads the committed state of `store` into a `State`. */
export function readCommittedState(store: Store): State {
  const entities = table<Table<unknown>>();
  const entitiesMeta = table<Table<EntityMeta>>();
  const indexes = table<Table<Table<string>>>();
  store.entities.forEach((key, pk, cell) => {
    if (cell.committed === undefined) return;
    setPlain(sub(entities, key), pk, cell.committed === INVALID ? null : cell.committed);
    if (cell.meta) setPlain(sub(entitiesMeta, key), pk, { ...cell.meta });
    const names = store.schemas.get(key)?.indexes;
    if (names && cell.committed !== INVALID && typeof cell.committed === 'object' && cell.committed) {
      for (const name of names) {
        const v = getOwn(cell.committed, name);
        if (v !== undefined && v !== null) setPlain(sub(sub(indexes, key), name), String(v), pk);
      }
    }
  });
  const endpoints = table<unknown>();
  const meta = table<ResultMeta>();
  store.forEachResult((key, c) => {
    const e = c.sig.peek();
    if (!e) return;
    if (e.hasData) setPlain(endpoints, key, e.data);
    const m: { -readonly [K in keyof ResultMeta]: ResultMeta[K] } = { date: e.date, fetchedAt: e.fetchedAt, expiresAt: e.expiresAt };
    if (e.invalidated) m.invalidated = true;
    if (e.errorPolicy) m.errorPolicy = e.errorPolicy;
    if (e.error) {
      const { status, code } = e.error as { status?: unknown; code?: unknown };
      m.error = { name: e.error.name, message: e.error.message, ...(typeof status === 'number' ? { status } : {}), ...(typeof code === 'string' ? { code } : {}) };
    }
    setPlain(meta, key, m);
  });
  return { entities, indexes, endpoints, meta, entitiesMeta };
}

function own<T>(t: Table<T> | undefined | null): [string, T][] {
  if (!t || typeof t !== 'object') return [];
  return Object.keys(t).map(k => [k, t[k]!] as [string, T]);
}

/** Rebuilds an `Error`, keeping `status` and `code`; without a message, names `key` and the status. */
function reviveError(e: NonNullable<ResultMeta['error']>, key: string): Error {
  const status = typeof e.status === 'number' ? e.status : undefined;
  const message = typeof e.message === 'string' ? e.message : `${key}: ${e.name}${status === undefined ? '' : ` (status ${status})`} on the server`;
  const err = new Error(message) as Error & { status?: number; code?: string };
  err.name = e.name;
  if (status !== undefined) err.status = status;
  if (typeof e.code === 'string') err.code = e.code;
  return err;
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Development messages only. */
const EXPECTED = {
  state: 'a state object from controller.getState()',
  table: 'an object',
  meta: 'an object { date, fetchedAt, expiresAt }',
  number: 'a number',
};

function refuse(where: string, expected: keyof typeof EXPECTED, value: unknown): never {
  throw new TypeError(
    process.env.NODE_ENV !== 'production' ? `createDataClient: option ${where} must be ${EXPECTED[expected]}, got ${show(value)}` : `createDataClient: bad-option ${where}`,
  );
}

function checkMeta(where: string, m: unknown): void {
  if (!isTable(m)) refuse(where, 'meta', m);
  for (const f of ['date', 'fetchedAt', 'expiresAt'] as const) {
    if (typeof m[f] !== 'number' || Number.isNaN(m[f])) refuse(`${where}.${f}`, 'number', m[f]);
  }
}

/** Throws a `TypeError` naming the offending part of `initialState` unless it has the shape of a `State`. */
export function validateState(state: unknown): asserts state is State {
  if (!isTable(state)) refuse('initialState', 'state', state);
  for (const part of ['entities', 'indexes', 'endpoints', 'meta', 'entitiesMeta'] as const) {
    const v = state[part];
    if (v !== undefined && !isTable(v)) refuse(`initialState.${part}`, 'table', v);
  }
  for (const part of ['entities', 'entitiesMeta', 'indexes'] as const) {
    for (const [key, byPk] of own(state[part] as Table<unknown> | undefined)) {
      if (!isTable(byPk)) refuse(`initialState.${part}[${show(key)}]`, 'table', byPk);
    }
  }
  for (const [key, m] of own(state.meta as Table<unknown> | undefined)) checkMeta(`initialState.meta[${show(key)}]`, m);
  for (const [key, byPk] of own(state.entitiesMeta as Table<Table<unknown>> | undefined)) {
    for (const [pk, m] of own(byPk)) checkMeta(`initialState.entitiesMeta[${show(key)}][${show(pk)}]`, m);
  }
}

/**
 * The action writing a `State` into the store, merged by date like any write. `date` is when the
 * state was read: a reset after it drops the whole state.
 */
export function hydrateAction(store: Store, state: State, date?: number): StoreAction {
  validateState(state);
  const now = Date.now();
  const entities = new Map<string, Map<string, unknown>>();
  const metas = new Map<string, Map<string, EntityMeta>>();
  for (const [key, byPk] of own(state.entities)) {
    const m = new Map<string, unknown>();
    const mm = new Map<string, EntityMeta>();
    const stored = state.entitiesMeta?.[key];
    for (const [pk, v] of own(byPk)) {
      const meta = stored && (getOwn(stored, pk) as EntityMeta | undefined);
      // clamp another machine's clock, or no request of ours could replace the data
      const at = meta === undefined ? -Infinity : Math.min(meta.date, now);
      if (store.entities.committed(key, pk) !== undefined && !((store.entities.meta(key, pk)?.date ?? Infinity) < at)) continue;
      m.set(pk, v === null ? INVALID : v);
      if (meta !== undefined) mm.set(pk, { ...meta, date: at });
    }
    entities.set(key, m);
    metas.set(key, mm);
  }
  const schemas = new Map<string, { key: string; indexes: string[] }>();
  for (const [key, byField] of own(state.indexes)) schemas.set(key, { key, indexes: own(byField).map(([f]) => f) });
  for (const [key, s] of schemas) if (!store.schemas.has(key)) store.schemas.set(key, s);
  const results: [string, ResultEntry][] = [];
  for (const [key, m] of own(state.meta)) {
    const hasData = isOwn(state.endpoints ?? {}, key);
    const e: { -readonly [K in keyof ResultEntry]: ResultEntry[K] } = { data: hasData ? state.endpoints[key] : undefined, hasData, date: Math.min(m.date, now), fetchedAt: m.fetchedAt, expiresAt: m.expiresAt };
    if (m.invalidated) e.invalidated = true;
    if (m.errorPolicy) e.errorPolicy = m.errorPolicy;
    if (m.error) e.error = reviveError(m.error, key);
    results.push([key, e]);
  }
  return { type: 'hydrate', date, writes: { result: undefined, entities, meta: metas, schemas: new Map() }, results };
}
