import type { EntityLike, WriteSet } from '../schema/protocol.js';
import { isLive, type EntityTable } from './EntityTable.js';
import type { StoreReader } from './Store.js';
import type { OptimisticLayer, ResultEntry } from './types.js';

/** What an optimistic layer reads beneath it, result cells included. */
export interface LayerReader extends StoreReader {
  result(key: string): ResultEntry | undefined;
}

/** Entity cells by key and pk, plus whole keys and result keys: what a layer read, or what an action changed. */
export interface Touched {
  /** key → pks read or written one by one. */
  readonly entities: Map<string, Set<string>>;
  /**
   * `entities`, then whole write-sets' maps held uncopied (most actions meet no layer). A map is
   * read only while unchanged.
   */
  readonly cells: ReadonlyMap<string, { has(pk: string): boolean; keys(): Iterable<string> }>[];
  /** Entity keys scanned whole (pk lists, indexes): any write under the key concerns them. */
  readonly keys: Set<string>;
  readonly results: Set<string>;
}

/** An empty set of touched cells, to fill. */
export function emptyTouched(): Touched {
  const entities = new Map<string, Set<string>>();
  return { entities, cells: [entities], keys: new Set(), results: new Set() };
}

function addCell(t: Touched, key: string, pk: string): void {
  let s = t.entities.get(key);
  if (!s) t.entities.set(key, (s = new Set()));
  s.add(pk);
}

/** Adds the entity cells of `writes` to `t`. */
export function addWrites(t: Touched, writes: WriteSet): void {
  t.cells.push(writes.entities);
}

/** Whether a layer that read `reads` must be recomputed after the changes in `changed`. */
function concerns(reads: Touched, changed: Touched): boolean {
  for (const key of changed.results) if (reads.results.has(key)) return true;
  for (const cells of changed.cells) {
    for (const [key, pks] of cells) {
      if (reads.keys.has(key)) return true;
      for (const pk of pks.keys()) if (reads.cells.some(c => c.get(key)?.has(pk))) return true;
    }
  }
  return false;
}

interface Replayed {
  readonly layer: OptimisticLayer;
  /** The write-set of its last computation; recomputed only when something it read changed. */
  writes: WriteSet | null;
  /** What that computation read (its own writes included). */
  reads: Touched;
  fresh: boolean;
}

/**
 * The pending optimistic layers, each with its last write-set and reads. An action recomputes only
 * layers that read a changed cell; each reads the committed state plus the layers beneath it.
 */
export class LayerReplay {
  #layers: Replayed[] = [];

  constructor(
    private readonly entities: EntityTable,
    private readonly schemas: Map<string, EntityLike>,
    private readonly results: (key: string) => ResultEntry | undefined,
  ) {}

  get size(): number {
    return this.#layers.length;
  }

  /** Computed at the next `rebuild`. */
  add(layer: OptimisticLayer): void {
    this.#layers.push({ layer, writes: null, reads: emptyTouched(), fresh: true });
  }

  /** Adds the cells the removed layer wrote to `changed`. */
  remove(id: number, changed: Touched): void {
    const i = this.#layers.findIndex(r => r.layer.id === id);
    if (i < 0) return;
    const [gone] = this.#layers.splice(i, 1);
    if (gone!.writes) addWrites(changed, gone!.writes);
  }

  clear(): void {
    this.#layers = [];
  }

  /** Recomputes the layers `changed` concerns; the new overlay, or undefined when the shown one is still right. */
  rebuild(changed: Touched, removed = false): Map<string, Map<string, unknown>> | undefined {
    let replayed = removed;
    const next = new Map<string, Map<string, unknown>>();
    const beneath = this.#reader(next);
    for (const r of this.#layers) {
      if (r.fresh || concerns(r.reads, changed)) {
        replayed = true;
        r.fresh = false;
        if (r.writes) addWrites(changed, r.writes);
        const reads = emptyTouched();
        try {
          beneath.reads = reads;
          r.writes = r.layer.compute(beneath.reader);
        } catch {
          r.writes = null;
        }
        r.reads = reads;
        if (r.writes) {
          addWrites(reads, r.writes);
          addWrites(changed, r.writes);
          for (const [key, s] of r.writes.schemas) if (!this.schemas.has(key)) this.schemas.set(key, s);
        }
      }
      if (!r.writes) continue;
      for (const [key, byPk] of r.writes.entities) {
        let m = next.get(key);
        if (!m) next.set(key, (m = new Map()));
        for (const [pk, v] of byPk) m.set(pk, v);
        beneath.changed(key);
      }
    }
    return replayed ? next : undefined;
  }

  /** The state beneath a layer, noting in `reads` what is read. Pk lists are kept until a layer writes the key. */
  #reader(overlay: Map<string, Map<string, unknown>>): { reader: LayerReader; reads: Touched; changed(key: string): void } {
    const entities = this.entities;
    const lists = new Map<string, { all: string[]; live?: string[] }>();
    const value = (key: string, pk: string): unknown => {
      const m = overlay.get(key);
      return m && m.has(pk) ? m.get(pk) : entities.committed(key, pk);
    };
    const get = (key: string, pk: string): unknown => {
      addCell(out.reads, key, pk);
      return value(key, pk);
    };
    const scan = (key: string): void => void out.reads.keys.add(key);
    const pks = (key: string): { all: string[]; live?: string[] } => {
      let l = lists.get(key);
      if (!l) {
        const out = new Set<string>();
        entities.forEachCommitted(key, pk => out.add(pk));
        const m = overlay.get(key);
        if (m) for (const pk of m.keys()) out.add(pk);
        lists.set(key, (l = { all: [...out] }));
      }
      return l;
    };
    const out = {
      reads: emptyTouched(),
      reader: {
        getEntity: get,
        getMeta: (key, pk) => {
          addCell(out.reads, key, pk);
          return entities.meta(key, pk);
        },
        forEachPk: (key, fn) => {
          scan(key);
          pks(key).all.forEach(pk => fn(pk));
        },
        getPks: key => {
          scan(key);
          const l = pks(key);
          return (l.live ??= l.all.filter(pk => isLive(value(key, pk))));
        },
        getIndex: (key, field, v) => {
          scan(key);
          return entities.index(key, field, v, false);
        },
        result: key => {
          out.reads.results.add(key);
          return this.results(key);
        },
      } satisfies LayerReader,
      changed: (key: string) => void lists.delete(key),
    };
    return out;
  }
}
