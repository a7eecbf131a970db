import type { State } from 'rest-signals';

type Table<T> = Record<string, T>;

/**
 * The id prefix of the state chunks in Solid's hydration data (`_$HY.r`): `rest-signals:0`, `:1`, …
 *
 * @example
 * const chunks = Object.keys(window._$HY.r).filter(id => id.startsWith(CHUNK_PREFIX));
 */
export const CHUNK_PREFIX = 'rest-signals:';

type Section = 'entities' | 'indexes' | 'endpoints' | 'meta' | 'entitiesMeta';
/** Sections keyed by result or entity key, and those keyed once more by primary key. */
const FLAT: readonly Section[] = ['indexes', 'endpoints', 'meta'];
const BY_PK: readonly Section[] = ['entities', 'entitiesMeta'];

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

function emptyState(): Record<Section, Table<unknown>> {
  return { entities: table(), indexes: table(), endpoints: table(), meta: table(), entitiesMeta: table() };
}

/**
 * The parts of `state` not yet sent, as JSON, or `undefined` when nothing changed; `sent` (the JSON
 * of each part already sent, by section and key) is updated. A part is one result (its data, its
 * meta), one entity (by key and pk, and its meta) or one index.
 *
 * @example
 * const sent = new Map<string, string>();
 * const json = stateDelta(client.controller.getState(), sent); // everything; the next call, only changes
 */
export function stateDelta(state: State, sent: Map<string, string>): string | undefined {
  const delta = emptyState();
  let changed = false;
  const take = (id: string, value: unknown, into: Table<unknown>, key: string) => {
    const json = JSON.stringify(value);
    if (sent.get(id) === json) return;
    sent.set(id, json);
    put(into, key, value);
    changed = true;
  };
  for (const section of FLAT) {
    for (const [key, value] of Object.entries(state[section] as Table<unknown>)) take(`${section}\0${key}`, value, delta[section], key);
  }
  for (const section of BY_PK) {
    for (const [key, byPk] of Object.entries(state[section] as Table<Table<unknown>>)) {
      for (const [pk, value] of Object.entries(byPk)) {
        take(`${section}\0${key}\0${pk}`, value, sub(delta[section], key), pk);
      }
    }
  }
  return changed ? JSON.stringify(delta) : undefined;
}

/**
 * Merges the state chunks found in Solid's hydration data, in the order the server sent them, into
 * one `State`; `undefined` when the page carries none (a page rendered without the provider).
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
  const state = emptyState();
  for (const id of chunks) {
    const text = resources[id];
    if (typeof text !== 'string') continue;
    const chunk = JSON.parse(text) as Record<Section, Table<unknown>>;
    for (const section of FLAT) for (const [key, value] of Object.entries(chunk[section])) put(state[section], key, value);
    for (const section of BY_PK) {
      for (const [key, byPk] of Object.entries(chunk[section] as Table<Table<unknown>>)) {
        for (const [pk, value] of Object.entries(byPk)) put(sub(state[section], key), pk, value);
      }
    }
  }
  return state as unknown as State;
}
