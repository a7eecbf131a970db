import type { EntityMeta } from '../schema/protocol.js';
import { isLive } from '../store/EntityTable.js';
import type { Store, StoreReader } from '../store/Store.js';
import type { ResultEntry } from '../store/types.js';

/** One state of a store kept apart from it: what `controller.snapshot()` reads. */
export interface FrozenState {
  readonly reader: StoreReader;
  result(key: string): ResultEntry | undefined;
}

/**
 * Captures what users see now (pending optimistic updates included): every entity's visible
 * value and meta, the index cells, and every result entry. The store replaces stored values
 * on each write and never mutates one in place, so keeping references is a true copy of this
 * moment; later writes leave the capture unchanged. It costs one pass over the store, which is
 * why only `controller.snapshot()` takes it (the snapshots handed to `getOptimisticResponse`
 * are read at once and read the live store).
 */
export function freezeVisible(store: Store): FrozenState {
  const values = new Map<string, Map<string, unknown>>();
  const metas = new Map<string, Map<string, EntityMeta>>();
  store.entities.forEach((key, pk, entity) => {
    if (entity.visible === undefined) return;
    let t = values.get(key);
    if (!t) {
      values.set(key, (t = new Map()));
      metas.set(key, new Map());
    }
    t.set(pk, entity.visible);
    if (entity.meta) metas.get(key)!.set(pk, entity.meta);
  });
  const pks = new Map<string, readonly string[]>();
  const indexes = new Map<string, string | undefined>();
  const results = new Map<string, ResultEntry | undefined>();
  store.forEachResult((key, cell) => results.set(key, cell.sig.peek()));
  const reader: StoreReader = {
    getEntity: (key, pk) => values.get(key)?.get(pk),
    getMeta: (key, pk) => metas.get(key)?.get(pk),
    forEachPk: (key, fn) => {
      for (const pk of values.get(key)?.keys() ?? []) fn(pk);
    },
    getPks: key => {
      let out = pks.get(key);
      if (!out) pks.set(key, (out = [...(values.get(key) ?? new Map<string, unknown>())].filter(([, v]) => isLive(v)).map(([pk]) => pk)));
      return out;
    },
    getIndex: (key, field, value) => {
      // index cells are read lazily, but from the captured values, never from the live store
      const id = `${key}\u0000${field}\u0000${value}`;
      if (!indexes.has(id)) {
        let found: string | undefined;
        for (const [pk, v] of values.get(key) ?? []) {
          if (isLive(v) && typeof v === 'object' && v !== null && Object.prototype.hasOwnProperty.call(v, field) && `${(v as Record<string, unknown>)[field]}` === value) {
            found = pk;
            break;
          }
        }
        indexes.set(id, found);
      }
      return indexes.get(id);
    },
  };
  return { reader, result: key => results.get(key) };
}
