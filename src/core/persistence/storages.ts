/**
 * Where `persist` keeps its entry: any object with `getItem`, `setItem` and `removeItem`, each
 * sync or async. Values are strings (JSON).
 *
 * @example
 * const storage: PersistStorage = { getItem: k => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: k => void map.delete(k) };
 */
export interface PersistStorage {
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

/**
 * A storage over `window.localStorage`, each key prefixed with `prefix`. Where there is no
 * `localStorage` (Node, a sandboxed frame) every call throws, and `persist` falls back to memory
 * with a warning.
 *
 * @example
 * persist(client, { storage: localStorageStorage('my-app:') });
 */
export function localStorageStorage(prefix = ''): PersistStorage {
  if (typeof prefix !== 'string') throw new TypeError(`localStorageStorage: prefix must be a string, got ${typeof prefix}`);
  const ls = (): Storage => {
    if (typeof localStorage === 'undefined') throw new Error('localStorage is not available here');
    return localStorage;
  };
  return {
    getItem: key => ls().getItem(prefix + key),
    setItem: (key, value) => ls().setItem(prefix + key, value),
    removeItem: key => ls().removeItem(prefix + key),
  };
}

/**
 * A storage in IndexedDB (through `idb-keyval`), in the database `name` (its one object store is
 * `keyval`). `idb-keyval` is loaded on first use, so an app that never calls this loads nothing.
 *
 * @example
 * const { restored } = persist(client, { storage: indexedDBStorage('my-app') });
 */
export function indexedDBStorage(name = 'rest-signals'): PersistStorage {
  if (typeof name !== 'string' || !name) throw new TypeError(`indexedDBStorage: name must be a non-empty string, got ${String(name)}`);
  let loaded: Promise<{ lib: typeof import('idb-keyval'); store: ReturnType<typeof import('idb-keyval').createStore> }> | undefined;
  const open = () =>
    (loaded ??= import('idb-keyval').then(lib => ({ lib, store: lib.createStore(name, 'keyval') })));
  return {
    async getItem(key) {
      const { lib, store } = await open();
      const v = await lib.get<unknown>(key, store);
      return typeof v === 'string' ? v : v === undefined ? null : JSON.stringify(v);
    },
    async setItem(key, value) {
      const { lib, store } = await open();
      await lib.set(key, value, store);
    },
    async removeItem(key) {
      const { lib, store } = await open();
      await lib.del(key, store);
    },
  };
}

/** A storage in this page's memory: what `persist` falls back to when the given one throws. */
export function memoryStorage(): PersistStorage {
  const map = new Map<string, string>();
  return {
    getItem: key => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: key => void map.delete(key),
  };
}
