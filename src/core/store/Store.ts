import { batch, signal, type Signal } from '@preact/signals-core';
import type { ResultOwners } from '../controller/ResultOwner.js';
import type { DenormalizeReader, EntityLike, EntityMeta, EntityReader, WriteSet } from '../schema/protocol.js';
import { EntityTable } from './EntityTable.js';
import { addWrites, emptyTouched, LayerReplay, type Touched } from './layerReplay.js';
import { Memo } from './memo.js';
import { shareStructure } from './shallow.js';
import { reportError } from './reportError.js';
import type { ResultEntry, StoreAction } from './types.js';

/** The signal of one endpoint key's entry, and whether anything watches it. */
export interface ResultCell {
  readonly sig: Signal<ResultEntry | undefined>;
  readonly watched: boolean;
}

export type StoreReader = EntityReader & DenormalizeReader;

/**
 * The signal store: entity tables, result cells and optimistic layers. Every change is one action
 * through `dispatch`, in one `batch()`. Readers: `committed` (server), `visible` (untracked), `tracked`.
 *
 * @example
 * const store = new Store(new ResultOwners());
 * store.dispatch({ type: 'invalidate', keys: ['GET /users'] });
 */
export class Store {
  readonly schemas = new Map<string, EntityLike>();
  readonly entities = new EntityTable(this.schemas);

  /** Bumped when cells are removed (GC, reset), so no view keeps reading a dropped cell. */
  readonly epoch: Signal<number> = signal(0);
  readonly owners: ResultOwners;
  readonly #layers = new LayerReplay(this.entities, this.schemas, key => this.result(key, false));
  #overlay = new Map<string, Map<string, unknown>>();
  #listeners = new Set<(action: StoreAction) => void>();

  readonly committed: StoreReader = this.#reader((key, pk) => this.entities.committed(key, pk), false);
  readonly visible: StoreReader = this.#reader((key, pk) => this.entities.visible(key, pk), false);
  readonly tracked: StoreReader = this.#reader((key, pk) => this.entities.track(key, pk), true);
  /** Shared by every view so an unchanged entity denormalizes to the same object everywhere. */
  readonly cache = new Memo(this.entities, this.tracked, this.visible);

  constructor(owners: ResultOwners) {
    this.owners = owners;
  }

  #reader(getEntity: (key: string, pk: string) => unknown, tracked: boolean): StoreReader {
    return {
      getEntity,
      getMeta: (key, pk) => this.entities.meta(key, pk),
      forEachPk: (key, fn) => this.entities.forEachCommitted(key, fn),
      getPks: key => this.entities.pks(key, tracked),
      getIndex: (key, field, value) => this.entities.index(key, field, value, tracked),
    };
  }

  #version = 0;

  /** Counts applied actions. Invariant: while unchanged, every read of the store gives the same. */
  get version(): number {
    return this.#version;
  }

  /** The entry of result `key`; a tracked read subscribes to that one cell. */
  result(key: string, tracked: boolean): ResultEntry | undefined {
    return tracked ? this.owners.cell(key).value : this.owners.get(key)?.cell?.peek();
  }

  /** Every result key with its cell (GC, getState, invalidateAll). */
  forEachResult(fn: (key: string, cell: ResultCell) => void): void {
    for (const o of this.owners.values()) if (o.cell) fn(o.key, o.cell);
  }

  /** Whether the store holds any entity, result or index cell (what a GC sweep may collect later). */
  get holdsAnything(): boolean {
    return this.entities.size > 0 || this.owners.cells > 0 || this.entities.idleIndexCells() > 0;
  }

  /** How many optimistic layers are pending. */
  get layerCount(): number {
    return this.#layers.size;
  }

  /** Calls `fn` after every applied action; a throwing listener is reported, the others still hear it. */
  listen(fn: (action: StoreAction) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** Values views throw on purpose (suspense): out of a batch they are not a write failure, so `dispatch` swallows them. */
  readonly viewThrows: WeakSet<object> = new WeakSet();

  /** Applies `action` in one batch, then tells listeners. An effect's error is rethrown on a microtask: the write stands. */
  dispatch(action: StoreAction): void {
    if (this.#stale(action)) return;
    let applied = false;
    try {
      batch(() => {
        this.#apply(action);
        applied = true;
      });
    } catch (error) {
      if (!applied) throw error;
      if (!(typeof error === 'object' && error !== null && this.viewThrows.has(error))) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    for (const fn of [...this.#listeners]) {
      try {
        fn(action);
      } catch (error) {
        reportError(error);
      }
    }
  }

  /** When the last reset happened; -Infinity before any. */
  #resetAt = -Infinity;

  /** Data from before the last reset: dropped whole, and no listener hears of it. */
  #stale(action: StoreAction): boolean {
    switch (action.type) {
      case 'setResponse':
      case 'setError':
        return action.meta.date < this.#resetAt;
      case 'hydrate':
        return action.date !== undefined && action.date < this.#resetAt;
      default:
        return false;
    }
  }

  #apply(action: StoreAction): void {
    this.#version++;
    // what this action changes: a pending layer is replayed only when it read some of it
    const changed = emptyTouched();
    let removed = false;
    switch (action.type) {
      case 'setResponse':
        if (action.removeLayer !== undefined) removed = this.#dropLayer(action.removeLayer, changed);
        this.#commitEntities(action.writes);
        addWrites(changed, action.writes);
        if (action.key !== undefined) {
          this.#commitResult(action.key, action.writes.result, action.meta);
          changed.results.add(action.key);
        }
        break;
      case 'setError': {
        if (action.removeLayer !== undefined) removed = this.#dropLayer(action.removeLayer, changed);
        changed.results.add(action.key);
        const cell = this.owners.cell(action.key);
        const prev = cell.peek();
        if (prev && prev.hasData && prev.date > action.meta.date) break;
        cell.value = {
          data: prev?.data,
          hasData: prev?.hasData ?? false,
          date: Math.max(prev?.date ?? 0, action.meta.date),
          fetchedAt: action.meta.fetchedAt,
          expiresAt: action.meta.expiresAt,
          error: action.error,
          errorPolicy: action.errorPolicy,
        };
        break;
      }
      case 'invalidate':
        for (const key of action.keys) this.#invalidate(key, changed);
        break;
      case 'expireAll':
        for (const key of action.keys) {
          const cell = this.owners.get(key)?.cell;
          const prev = cell?.peek();
          if (prev) {
            cell!.value = { ...prev, expiresAt: 1 };
            changed.results.add(key);
          }
        }
        break;
      case 'reset':
        this.#resetAt = Math.max(this.#resetAt, action.date);
        this.#layers.clear();
        this.#overlay = new Map();
        this.entities.clear();
        this.cache.clear();
        for (const owner of this.owners.values()) this.owners.dropCell(owner);
        this.epoch.value++;
        return;
      case 'hydrate':
        this.#commitEntities(action.writes);
        addWrites(changed, action.writes);
        for (const [key, entry] of action.results) {
          this.owners.cell(key).value = entry;
          changed.results.add(key);
        }
        break;
      case 'optimistic':
        if (action.op === 'add') this.#layers.add(action.layer);
        else removed = this.#dropLayer(action.id, changed);
        break;
      case 'gc':
        for (const [key, pk] of action.entities) this.entities.delete(key, pk);
        for (const key of action.results) {
          const owner = this.owners.get(key);
          if (owner) this.owners.dropCell(owner);
        }
        // freed cells notified their own readers; a dropped index cell held nothing, so only the epoch
        if (action.indexes && this.entities.dropIdleIndexCells() > 0) this.epoch.value++;
        return;
    }
    if (this.#layers.size || this.#overlay.size) this.#rebuildOverlay(changed, removed);
  }

  #dropLayer(id: number, changed: Touched): boolean {
    const before = this.#layers.size;
    this.#layers.remove(id, changed);
    return this.#layers.size < before;
  }

  #invalidate(key: string, changed: Touched): void {
    changed.results.add(key);
    const c = this.owners.cell(key);
    const prev = c.peek();
    c.value = {
      data: undefined,
      hasData: false,
      date: prev?.date ?? 0,
      fetchedAt: prev?.fetchedAt ?? 0,
      expiresAt: 0,
      invalidated: true,
    };
  }

  /** Commits `writes`; the store takes over its entity and meta maps (see `adopt`). */
  #commitEntities(writes: WriteSet): void {
    for (const [key, s] of writes.schemas) this.schemas.set(key, s);
    for (const [key, byPk] of writes.entities) {
      const metas = writes.meta.get(key) ?? new Map<string, EntityMeta>();
      if (this.entities.adopt(key, byPk, metas, writes.common)) continue;
      for (const [pk, value] of byPk) this.entities.commit(key, pk, value, metas.get(pk) ?? writes.common);
    }
  }

  #commitResult(key: string, result: unknown, meta: EntityMeta): void {
    const cell = this.owners.cell(key);
    const prev = cell.peek();
    // a reply to a request that started earlier never replaces one that started later
    if (prev && prev.hasData && prev.date > meta.date) return;
    cell.value = {
      data: prev?.hasData ? shareStructure(prev.data, result) : result,
      hasData: true,
      date: meta.date,
      fetchedAt: meta.fetchedAt,
      expiresAt: meta.expiresAt,
    };
  }

  /** Replays, in issue order, the layers `changed` concerns, each over the state beneath it (so two increments show +2). */
  #rebuildOverlay(changed: Touched, removed: boolean): void {
    const next = this.#layers.rebuild(changed, removed);
    if (next === undefined) return;
    for (const [key, byPk] of this.#overlay) {
      for (const pk of byPk.keys()) if (!next.get(key)?.has(pk)) this.entities.unshow(key, pk);
    }
    for (const [key, byPk] of next) for (const [pk, v] of byPk) this.entities.show(key, pk, v);
    this.#overlay = next;
  }
}
