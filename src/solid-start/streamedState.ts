import type { Controller, Manager, ResultMeta, State, StoreAction } from 'rest-signals';
import { contextOf } from '../core/controller/ManagerContext.js';

type Table<T> = Record<string, T>;

/**
 * The id prefix of the state chunks in Solid's hydration data (`_$HY.r`): `rest-signals:0`, `:1`, …
 *
 * @example
 * const chunks = Object.keys(window._$HY.r).filter(id => id.startsWith(CHUNK_PREFIX));
 */
export const CHUNK_PREFIX = 'rest-signals:';

type Section = 'entities' | 'indexes' | 'endpoints' | 'meta' | 'entitiesMeta';
/** One chunk: the parts one store action changed; `reset` drops every part sent before it. */
type Chunk = Record<Section, Table<unknown>> & { reset?: true };

// must equal `INVALID` of the core (a registered symbol): a deleted entity, streamed as `null`
const INVALID = Symbol.for('INVALID');

function table(): Table<unknown> {
  return Object.create(null) as Table<unknown>;
}

/** Sets `key` as an own property, whatever its name (`"__proto__"` included). */
function put(t: Table<unknown>, key: string, value: unknown): void {
  Object.defineProperty(t, key, { value, enumerable: true, writable: true, configurable: true });
}

function sub(t: Table<unknown>, key: string): Table<unknown> {
  if (!Object.prototype.hasOwnProperty.call(t, key)) put(t, key, table());
  return t[key] as Table<unknown>;
}

function emptyChunk(): Chunk {
  return { entities: table(), indexes: table(), endpoints: table(), meta: table(), entitiesMeta: table() };
}

/** The result keys and entities `action` changed in the committed state. */
function changedBy(action: StoreAction): { results: readonly string[]; entities: readonly (readonly [string, Iterable<string>])[] } | undefined {
  switch (action.type) {
    case 'setResponse':
      return { results: action.key === undefined ? [] : [action.key], entities: [...action.writes.entities].map(([key, byPk]) => [key, [...byPk.keys()]] as const) };
    case 'hydrate':
      return { results: action.results.map(([key]) => key), entities: [...action.writes.entities].map(([key, byPk]) => [key, [...byPk.keys()]] as const) };
    case 'setError':
      return { results: [action.key], entities: [] };
    case 'invalidate':
    case 'expireAll':
      return { results: action.keys, entities: [] };
    default:
      // optimistic layers are never committed state; a collected part is one the browser may keep
      return undefined;
  }
}

/**
 * The chunk (JSON) of the committed results and entities `action` changed, or `undefined`; errors as
 * `{ name, status, code }` (message kept on the server). Costs what changed, not the store's size.
 */
export function chunkOf(action: StoreAction, controller: Controller): string | undefined {
  if (action.type === 'reset') return JSON.stringify({ ...emptyChunk(), reset: true });
  const changed = changedBy(action);
  if (changed === undefined) return undefined;
  const { store } = contextOf(controller);
  const chunk = emptyChunk();
  let any = false;
  for (const key of changed.results) {
    const e = store.result(key, false);
    if (e === undefined) continue;
    any = true;
    if (e.hasData) put(chunk.endpoints, key, e.data);
    const m: { -readonly [K in keyof ResultMeta]: ResultMeta[K] } = { date: e.date, fetchedAt: e.fetchedAt, expiresAt: e.expiresAt };
    if (e.invalidated) m.invalidated = true;
    if (e.errorPolicy) m.errorPolicy = e.errorPolicy;
    if (e.error) {
      const { status, code } = e.error as { status?: unknown; code?: unknown };
      m.error = { name: e.error.name, ...(typeof status === 'number' ? { status } : {}), ...(typeof code === 'string' ? { code } : {}) };
    }
    put(chunk.meta, key, m);
  }
  for (const [key, pks] of changed.entities) {
    const indexes = store.schemas.get(key)?.indexes;
    for (const pk of pks) {
      const value = store.entities.committed(key, pk);
      if (value === undefined) continue;
      any = true;
      put(sub(chunk.entities, key), pk, value === INVALID ? null : value);
      const meta = store.entities.meta(key, pk);
      if (meta) put(sub(chunk.entitiesMeta, key), pk, { ...meta });
      if (!indexes || value === INVALID || typeof value !== 'object' || value === null) continue;
      for (const name of indexes) {
        const v = Object.prototype.hasOwnProperty.call(value, name) ? (value as Table<unknown>)[name] : undefined;
        if (v !== undefined && v !== null) put(sub(sub(chunk.indexes, key), name), String(v), pk);
      }
    }
  }
  return any ? JSON.stringify(chunk) : undefined;
}

/**
 * A manager that hands `send` the chunk of every store action that changed committed state, as
 * the action is applied (see `chunkOf`).
 *
 * @example
 * createDataClient({ managers: [...getDefaultManagers(), streamingManager(json => context.serialize(`${CHUNK_PREFIX}${n++}`, json))] });
 */
export function streamingManager(send: (chunk: string) => void): Manager {
  return {
    onAction(action, controller) {
      const chunk = chunkOf(action, controller);
      if (chunk !== undefined) send(chunk);
    },
  };
}

/**
 * Merges the state chunks found in Solid's hydration data, in the order the server sent them, into
 * one `State`; `undefined` when the page carries none (a page rendered without the provider). A
 * reset chunk drops what came before it; a result part without data drops the data sent before.
 *
 * @example
 * createDataClient({ initialState: readStreamedState(window._$HY?.r) });
 */
export function readStreamedState(resources: Table<unknown> | undefined): State | undefined {
  if (resources === undefined) return undefined;
  const chunks = Object.keys(resources)
    .filter(id => id.startsWith(CHUNK_PREFIX))
    .sort((a, b) => Number(a.slice(CHUNK_PREFIX.length)) - Number(b.slice(CHUNK_PREFIX.length)));
  if (chunks.length === 0) return undefined;
  let state = emptyChunk();
  for (const id of chunks) {
    const text = resources[id];
    if (typeof text !== 'string') continue;
    const chunk = JSON.parse(text) as Chunk;
    if (chunk.reset) state = emptyChunk();
    for (const [key, m] of Object.entries(chunk.meta)) {
      put(state.meta, key, m);
      if (Object.prototype.hasOwnProperty.call(chunk.endpoints, key)) put(state.endpoints, key, chunk.endpoints[key]);
      else delete state.endpoints[key];
    }
    for (const section of ['entities', 'entitiesMeta'] as const) {
      for (const [key, byPk] of Object.entries(chunk[section] as Table<Table<unknown>>)) {
        for (const [pk, value] of Object.entries(byPk)) put(sub(state[section], key), pk, value);
      }
    }
    for (const [key, byField] of Object.entries(chunk.indexes as Table<Table<Table<unknown>>>)) {
      for (const [field, byValue] of Object.entries(byField)) {
        for (const [value, pk] of Object.entries(byValue)) put(sub(sub(state.indexes, key), field), value, pk);
      }
    }
  }
  return state as unknown as State;
}
