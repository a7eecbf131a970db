import { effect, untracked } from '@preact/signals-core';
import type { DataClient } from '../client.js';
import { contextOf } from '../controller/ManagerContext.js';
import { gateOf } from '../controller/RequestGate.js';
import { browserIsOnline, windowOfflineSource, windowOnlineSource } from '../controller/eventSources.js';
import { hydrateAction, readCommittedState, type State, type Table } from '../store/serialize.js';
import { decode, FORMAT, isPlainJson, storableState, VERSION, type Envelope, type StoredMutation } from './envelope.js';
import { storableMutations, storedId, type PersistResources } from './endpointNames.js';
import type { PausedMutationInfo } from './pausedMutations.js';
import { memoryStorage, type PersistStorage } from './storages.js';
import { requestClock } from '../controller/requestClock.js';
import { warn } from '../dev/warn.js';

/**
 * Options of `persist`. Only `storage` is required.
 *
 * @example
 * persist(client, { storage: indexedDBStorage(), key: 'tasks', maxAge: 7 * 86_400_000, buster: BUILD_ID, resources: [TaskResource] });
 */
export interface PersistOptions {
  /** Where the entry is kept: `localStorageStorage()`, `indexedDBStorage()`, or your own. */
  readonly storage: PersistStorage;
  /**
   * The storage key of the entry.
   * @default 'rest-signals'
   */
  readonly key?: string;
  /**
   * Max age (ms since written) of an entry to restore.
   * @default 86_400_000 (24 hours)
   */
  readonly maxAge?: number;
  /**
   * An entry written under another `buster` is dropped.
   * @default ''
   */
  readonly buster?: string;
  /**
   * At most one write per this many ms; `flush()`, `pagehide` or hiding writes at once.
   * @default 1000
   */
  readonly throttleMs?: number;
  /**
   * Resources whose paused mutations are stored too, matched after reload by endpoint name, method
   * and URL template (two sharing all three are not stored). Without it they live with the page.
   * @default undefined
   */
  readonly resources?: PersistResources;
  /**
   * Called (in production too) when a restored paused mutation fails for good: rejected by the
   * server (rolled back) or its endpoint left `resources`. No reply at all keeps it paused.
   * @default undefined (a development warning)
   */
  readonly onMutationError?: (error: Error, mutation: PausedMutationInfo) => void;
}

/**
 * `restored` settles (never rejects) once the entry is in the store; `flush()` writes now;
 * `stop()` stops writing (as `client.destroy()` does).
 *
 * @example
 * const { restored, flush, stop } = persist(client, { storage: indexedDBStorage() });
 * await restored;
 */
export interface Persistence {
  readonly restored: Promise<void>;
  flush(): Promise<void>;
  stop(): void;
}

function refuse(option: string, what: string, value: unknown): never {
  throw new TypeError(`persist: option ${option} must be ${what}, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
}

/** `state` without results the store holds (newer) or older than `maxAge`, as `skip` names them. */
function withoutResults(state: State, skip: (key: string) => boolean): State {
  const endpoints = Object.create(null) as Table<unknown>;
  const meta = Object.create(null) as State['meta'] & Record<string, State['meta'][string]>;
  for (const key of Object.keys(state.meta ?? {})) {
    if (skip(key)) continue;
    (meta as Record<string, unknown>)[key] = state.meta[key];
    if (Object.prototype.hasOwnProperty.call(state.endpoints ?? {}, key)) endpoints[key] = state.endpoints[key];
  }
  return { ...state, endpoints, meta };
}

/**
 * Keeps the committed state (never errors or optimistic guesses) in `storage` and restores it on
 * start; views wait for the restore instead of fetching, and restored data keeps its expiry. A bad
 * entry is dropped and a failing storage replaced by memory, with a warning; nothing throws. With
 * `resources`, paused mutations are stored and reissued after reload before any new one.
 *
 * @example
 * const client = createDataClient();
 * const { restored } = persist(client, { storage: indexedDBStorage('my-app'), resources: [TaskResource] });
 * await restored; // optional: views already wait for it
 */
export function persist(client: DataClient, options: PersistOptions): Persistence {
  if (typeof options !== 'object' || options === null) refuse('object', 'an object { storage }', options);
  const { storage, key = 'rest-signals', maxAge = 86_400_000, buster = '', throttleMs = 1000, resources, onMutationError } = options;
  if (typeof storage !== 'object' || storage === null || typeof storage.getItem !== 'function' || typeof storage.setItem !== 'function' || typeof storage.removeItem !== 'function') {
    refuse('storage', 'an object with getItem, setItem and removeItem', storage);
  }
  if (typeof key !== 'string' || !key) refuse('key', 'a non-empty string', key);
  if (typeof maxAge !== 'number' || !(maxAge >= 0)) refuse('maxAge', 'a number of ms >= 0', maxAge);
  if (typeof buster !== 'string') refuse('buster', 'a string', buster);
  if (typeof throttleMs !== 'number' || !(throttleMs >= 0)) refuse('throttleMs', 'a number of ms >= 0', throttleMs);
  if (resources !== undefined && (typeof resources !== 'object' || resources === null)) refuse('resources', 'an array or object of resources', resources);
  if (onMutationError !== undefined && typeof onMutationError !== 'function') refuse('onMutationError', 'a function', onMutationError);

  const { controller } = client;
  const { store, write: apply } = contextOf(controller);
  const gate = gateOf(controller);
  const where = `persist(${JSON.stringify(key)})`;
  const names = resources ? storableMutations(resources) : undefined;
  // without an OnlineManager the gate follows the browser, so an offline mutation is paused and stored
  if (names && !gate.driven) {
    gate.driven = true;
    gate.setOnline(browserIsOnline());
    const stops = [windowOnlineSource(() => gate.setOnline(true)), windowOfflineSource(() => gate.setOnline(false))];
    gate.onCleanup(() => stops.forEach(f => f()));
  }
  if (process.env.NODE_ENV !== 'production' && names?.ambiguous.length) {
    warn('persist-duplicate-name', `${where}: two endpoints in resources share each of these names, methods and URLs; their paused mutations are not stored: ${names.ambiguous.join(', ')}`);
  }

  let target = storage;
  let restoring = true;
  let stopped = false;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const unstorable = new Set<string>();

  /** Any storage failure: warn once, then keep going in memory. */
  const degrade = (doing: string, error: unknown): void => {
    if (process.env.NODE_ENV !== 'production' && target === storage) warn('persist-storage-failed', `${where}: the storage failed while ${doing}; keeping the state in memory from now on`, error);
    target = memoryStorage();
  };

  /** When the restore began: a reset after it drops what it reads (see `hydrateAction`). */
  const restoreFrom = requestClock();
  /** Set by a reset: nothing of the stored session is restored or sent. */
  let resetSince = false;
  const endRestore = gate.beginRestore();
  const releaseHold = names ? gate.hold() : () => {};

  /** A throwing callback surfaces as an unhandled rejection, never inside the restore. */
  const report = (error: Error, m: StoredMutation): void => {
    if (onMutationError) void Promise.resolve().then(() => onMutationError(error, { endpoint: m.endpoint, args: m.args }));
  };

  const restoreMutations = (paused: readonly StoredMutation[]): void => {
    gate.first(() => {
      for (const m of paused) {
        const endpoint = m.id === undefined ? names?.byName.get(m.endpoint) : names?.byId.get(m.id);
        if (!endpoint) {
          const why = endpoint === null ? 'two endpoints in resources match it' : 'no endpoint of that name, method and URL in resources';
          if (process.env.NODE_ENV !== 'production') warn('persist-mutation-dropped', `${where}: a paused mutation of ${m.endpoint} was dropped: ${why}`);
          report(new TypeError(`${where}: a paused mutation of ${m.endpoint} was dropped: ${why}`), m);
          continue;
        }
        controller.fetch(endpoint, ...m.args).catch((error: unknown) => {
          if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
          if (process.env.NODE_ENV !== 'production' && !onMutationError) {
            warn('persist-mutation-rejected', `${where}: the restored paused mutation ${m.endpoint} was rejected; its optimistic update was rolled back`, error);
          }
          report(error instanceof Error ? error : new Error(String(error)), m);
        });
      }
    });
  };

  const restored = (async (): Promise<void> => {
    let text: string | null | undefined = null;
    try {
      text = await target.getItem(key);
    } catch (error) {
      degrade('reading', error);
    }
    if (stopped) return;
    const decoded = decode(text, Date.now(), maxAge, buster);
    if (decoded.kind === 'drop') {
      if (process.env.NODE_ENV !== 'production' && decoded.warning) warn('persist-entry-dropped', `${where}: the stored entry was dropped: ${decoded.warning}`);
      try {
        await target.removeItem(key);
      } catch (error) {
        degrade('removing a dropped entry', error);
      }
      return;
    }
    if (decoded.kind !== 'ok') return;
    if (process.env.NODE_ENV !== 'production') for (const w of decoded.warnings) warn('persist-mutation-dropped', `${where}: ${w}`);
    if (stopped || resetSince) return;
    try {
      const oldest = Date.now() - maxAge;
      const skip = (k: string): boolean => store.result(k, false) !== undefined || !(decoded.state.meta[k]!.fetchedAt >= oldest);
      apply(hydrateAction(store, withoutResults(decoded.state, skip), restoreFrom));
    } catch (error) {
      if (process.env.NODE_ENV !== 'production') warn('persist-entry-dropped', `${where}: the stored state could not be restored and was dropped`, error);
    }
    if (names) restoreMutations(decoded.paused);
    else if (process.env.NODE_ENV !== 'production' && decoded.paused.length) warn('persist-mutation-dropped', `${where}: ${decoded.paused.length} stored paused mutation(s) dropped: persist() was given no resources to find their endpoints`);
  })()
    .catch((error: unknown) => {
      if (process.env.NODE_ENV !== 'production') warn('persist-entry-dropped', `${where}: the restore failed; starting empty`, error);
    })
    .finally(() => {
      restoring = false;
      releaseHold();
      endRestore();
      if (dirty) schedule();
    });

  const pausedToStore = (): StoredMutation[] => {
    if (!names) return [];
    const out: StoredMutation[] = [];
    for (const { endpoint, args } of gate.unsettledMutations()) {
      const id = storedId(endpoint);
      const known = names.byId.get(id);
      if (!known || !isPlainJson(args)) {
        if (!unstorable.has(id)) {
          unstorable.add(id);
          const why = known === null ? `another endpoint in resources is also ${id}` : known ? 'its arguments are not plain JSON' : 'its endpoint is not in resources';
          if (process.env.NODE_ENV !== 'production') warn('persist-mutation-unstorable', `${where}: a paused mutation of ${endpoint.name} is not stored: ${why}`);
        }
        continue;
      }
      out.push({ endpoint: endpoint.name, id, args });
    }
    return out;
  };

  const write = (): Promise<void> => {
    dirty = false;
    const envelope: Envelope = {
      format: FORMAT,
      version: VERSION,
      buster,
      savedAt: Date.now(),
      state: storableState(readCommittedState(store)),
      paused: pausedToStore(),
    };
    let text: string;
    try {
      text = JSON.stringify(envelope);
    } catch (error) {
      if (process.env.NODE_ENV !== 'production') warn('persist-unserializable', `${where}: the state cannot be written as JSON; nothing was stored`, error);
      return Promise.resolve();
    }
    writing = writing.then(async () => {
      try {
        await target.setItem(key, text);
      } catch (error) {
        degrade('writing', error);
        await target.setItem(key, text);
      }
    });
    return writing;
  };

  function schedule(): void {
    dirty = true;
    if (stopped || restoring || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) void write();
    }, throttleMs);
  }

  const flush = async (): Promise<void> => {
    await restored;
    if (stopped) return writing;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    return write();
  };

  const onHide = (): void => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') void flush();
  };
  const win = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;
  win?.addEventListener('pagehide', onHide);
  win?.addEventListener('visibilitychange', onHide);
  /** A reset removes the entry at once, paused mutations included: nothing of one user reaches the next. */
  const onReset = (): void => {
    resetSince = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    dirty = false;
    writing = writing.then(async () => {
      try {
        await target.removeItem(key);
      } catch (error) {
        degrade('removing the entry of a reset', error);
        await target.removeItem(key);
      }
    });
  };
  const unlisten = store.listen(action => (action.type === 'reset' ? onReset() : schedule()));
  // every change to the paused queue schedules a write; the first run only subscribes

  let watchingQueue = false;
  const unwatchQueue = effect(() => {
    void gate.unsettledMutations();
    if (watchingQueue) untracked(schedule);
    watchingQueue = true;
  });
  const uncleanup = gate.onCleanup(() => stop());

  function stop(): void {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    win?.removeEventListener('pagehide', onHide);
    win?.removeEventListener('visibilitychange', onHide);
    unlisten();
    unwatchQueue();
    uncleanup();
  }

  return { restored, flush, stop };
}
