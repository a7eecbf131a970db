import { signal, type Signal } from '@preact/signals-core';
import { INVALID, type EntityLike, type EntityMeta } from '../schema/protocol.js';
import { shareStructure } from './shallow.js';
import { EntityCell, WatchedSignal } from './WatchedSignal.js';

/** The signal of one entity's visible value; `watched` is true while some effect depends on it. */
type EntitySignal = EntityCell;

/**
 * One entity type's tables: committed `values`/`metas`; `common` is the meta of every pk without
 * a `metas` entry; `sigs` only for pks a tracked reader asked for; `shown` the optimistic values.
 * Invariant: a signal in `sigs` always holds the visible value of its pk (`shown` if present,
 * else `values`); every change of a visible value goes through `EntityTable.#changed`.
 */
interface KeyTable {
  values: Map<string, unknown>;
  metas: Map<string, EntityMeta>;
  common: EntityMeta | undefined;
  sigs: Map<string, EntitySignal> | undefined;
  shown: Map<string, unknown> | undefined;
}

/** What `EntityTable.forEach` reports of one entity (read-only, made per call). */
export interface EntityState {
  readonly committed: unknown;
  readonly visible: unknown;
  readonly meta: EntityMeta | undefined;
  /** True while some effect depends on this entity, or a view retains its key. */
  readonly watched: boolean;
  /** The entity's signal, once a tracked reader asked for it. */
  readonly sig: Signal<unknown> | undefined;
}

interface Membership {
  readonly version: Signal<number>;
  pks: string[] | null;
}

/** An entity value that exists for users: neither missing nor removed by `Invalidate`. */
export function isLive(value: unknown): boolean {
  return value !== undefined && value !== INVALID;
}

function field(value: unknown, name: string): string | undefined {
  if (!isLive(value) || typeof value !== 'object' || value === null) return undefined;
  if (!Object.prototype.hasOwnProperty.call(value, name)) return undefined;
  const v = (value as Record<string, unknown>)[name];
  return v === undefined || v === null ? undefined : String(v);
}

function metaIn(t: KeyTable, pk: string): EntityMeta | undefined {
  const m = t.metas.get(pk);
  return m !== undefined || t.common === undefined || !t.values.has(pk) ? m : t.common;
}

function visibleIn(t: KeyTable, pk: string): unknown {
  return t.shown !== undefined && t.shown.has(pk) ? t.shown.get(pk) : t.values.get(pk);
}

/**
 * Entities by key and pk, per-key membership signals and index cells. Writing one entity never
 * copies a table; signals are made on the first tracked read of a pk.
 *
 * @example
 * const table = new EntityTable(new Map());
 * table.commit('User', '1', { id: '1' }, { date: 0, fetchedAt: 0, expiresAt: 60_000 });
 */
export class EntityTable {
  #tables = new Map<string, KeyTable>();
  #members = new Map<string, Membership>();
  #indexes = new Map<string, Map<string, Map<string, WatchedSignal<string | undefined>>>>();
  /** Keys whose every entity counts as watched (see `retain`), with how many holders each. */
  #retained = new Map<string, number>();
  readonly #schemas: Map<string, EntityLike>;

  constructor(schemas: Map<string, EntityLike>) {
    this.#schemas = schemas;
  }

  #table(key: string): KeyTable {
    let t = this.#tables.get(key);
    if (!t) this.#tables.set(key, (t = { values: new Map(), metas: new Map(), common: undefined, sigs: undefined, shown: undefined }));
    return t;
  }

  /** The committed (server) value of `key`/`pk`. */
  committed(key: string, pk: string): unknown {
    return this.#tables.get(key)?.values.get(pk);
  }

  /** The meta of the committed value of `key`/`pk`. */
  meta(key: string, pk: string): EntityMeta | undefined {
    const t = this.#tables.get(key);
    return t === undefined ? undefined : metaIn(t, pk);
  }

  /** The value users see (pending optimistic layers applied), untracked. */
  visible(key: string, pk: string): unknown {
    const t = this.#tables.get(key);
    return t === undefined ? undefined : visibleIn(t, pk);
  }

  /** The value users see, tracked (a missing pk gets a signal too, to track its arrival). */
  track(key: string, pk: string): unknown {
    return this.cell(key, pk).value;
  }

  cell(key: string, pk: string): EntityCell {
    const t = this.#tables.get(key) ?? this.#table(key);
    const sigs = (t.sigs ??= new Map());
    let sig = sigs.get(pk);
    if (sig === undefined) sigs.set(pk, (sig = new EntityCell(visibleIn(t, pk))));
    return sig;
  }

  /** Commits a server value. The newer meta wins; an older one can only extend `expiresAt`. */
  commit(key: string, pk: string, value: unknown, meta: EntityMeta | undefined): void {
    const t = this.#table(key);
    if (meta !== undefined) {
      const old = metaIn(t, pk);
      if (old === undefined || old.date <= meta.date) t.metas.set(pk, meta);
      else if (meta.expiresAt > old.expiresAt) t.metas.set(pk, { ...old, expiresAt: meta.expiresAt });
    } else if (t.common !== undefined && !t.values.has(pk)) {
      // a new pk without meta must not inherit `common`: give every other pk its own entry
      for (const other of t.values.keys()) if (!t.metas.has(other)) t.metas.set(other, t.common);
      t.common = undefined;
    }
    const prev = t.values.get(pk);
    // equal content keeps the committed object (and unchanged parts), so views keep their instances
    const next = shareStructure(prev, value);
    if (next === prev) return;
    t.values.set(pk, next);
    if (t.shown !== undefined && t.shown.has(pk)) return;
    this.#changed(t, key, pk, prev, next);
  }

  /**
   * Takes the maps as `key`'s tables when nothing of `key` is held yet (no copy, no signal to
   * notify); else false. The caller gives them up. Scanning `metas` for a shared meta here was
   * rejected: the write-set already knows `common`.
   */
  adopt(key: string, values: Map<string, unknown>, metas: Map<string, EntityMeta>, common?: EntityMeta): boolean {
    if (this.#tables.has(key)) return false;
    this.#tables.set(key, { values, metas, common, sigs: undefined, shown: undefined });
    if (values.size === 0) return true;
    this.#bump(key);
    if (this.#schemas.get(key)?.indexes?.length) for (const [pk, v] of values) this.#reindex(key, pk, undefined, v);
    return true;
  }

  /** Shows `value` (an optimistic layer's) for `key`/`pk` instead of the committed value. */
  show(key: string, pk: string, value: unknown): void {
    const t = this.#table(key);
    const prev = visibleIn(t, pk);
    const shown = shareStructure(prev, value);
    (t.shown ??= new Map()).set(pk, shown);
    this.#changed(t, key, pk, prev, shown);
  }

  /** Stops showing an optimistic value for `key`/`pk`: the committed value is visible again. */
  unshow(key: string, pk: string): void {
    const t = this.#tables.get(key);
    if (t?.shown === undefined || !t.shown.has(pk)) return;
    const prev = t.shown.get(pk);
    t.shown.delete(pk);
    if (t.shown.size === 0) t.shown = undefined;
    this.#changed(t, key, pk, prev, t.values.get(pk));
  }

  #changed(t: KeyTable, key: string, pk: string, prev: unknown, next: unknown): void {
    if (prev === next) return;
    const sig = t.sigs?.get(pk);
    if (sig !== undefined) sig.value = next;
    if (isLive(prev) !== isLive(next)) this.#bump(key);
    this.#reindex(key, pk, prev, next);
  }

  #reindex(key: string, pk: string, prev: unknown, next: unknown): void {
    const indexes = this.#schemas.get(key)?.indexes;
    if (!indexes) return;
    for (const name of indexes) {
      const before = field(prev, name);
      const after = field(next, name);
      if (before === after) continue;
      if (before !== undefined) {
        const old = this.#indexCell(key, name, before);
        if (old.peek() === pk) old.value = undefined;
      }
      if (after !== undefined) this.#indexCell(key, name, after).value = pk;
    }
  }

  #bump(key: string): void {
    const m = this.#members.get(key);
    if (!m) return;
    m.pks = null;
    m.version.value++;
  }

  #membership(key: string): Membership {
    let m = this.#members.get(key);
    if (!m) this.#members.set(key, (m = { version: signal(0), pks: null }));
    return m;
  }

  /** Tracks `key`'s membership alone (pks appearing/disappearing, not field changes). */
  trackMembership(key: string): void {
    void this.#membership(key).version.value;
  }

  /** Counts every entity of `key` as watched (kept by GC) until released. */
  retain(key: string): () => void {
    this.#retained.set(key, (this.#retained.get(key) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const n = this.#retained.get(key)! - 1;
      if (n === 0) this.#retained.delete(key);
      else this.#retained.set(key, n);
    };
  }

  #indexCell(key: string, name: string, value: string): WatchedSignal<string | undefined> {
    let byField = this.#indexes.get(key);
    if (!byField) this.#indexes.set(key, (byField = new Map()));
    let byValue = byField.get(name);
    if (!byValue) byField.set(name, (byValue = new Map()));
    let c = byValue.get(value);
    if (!c) byValue.set(value, (c = new WatchedSignal<string | undefined>(undefined)));
    return c;
  }

  /** Index cells holding no pk and read by no watched view (lookups of absent values), collectable. */
  idleIndexCells(): number {
    let n = 0;
    for (const byField of this.#indexes.values()) {
      for (const byValue of byField.values()) for (const c of byValue.values()) if (!c.watched && c.peek() === undefined) n++;
    }
    return n;
  }

  /** Drops the cells `idleIndexCells` counts (GC); returns how many. */
  dropIdleIndexCells(): number {
    let n = 0;
    for (const [key, byField] of this.#indexes) {
      for (const [name, byValue] of byField) {
        for (const [value, c] of byValue) {
          if (c.watched || c.peek() !== undefined) continue;
          byValue.delete(value);
          n++;
        }
        if (byValue.size === 0) byField.delete(name);
      }
      if (byField.size === 0) this.#indexes.delete(key);
    }
    return n;
  }

  /** Every live (visible) pk of `key`; a tracked read subscribes to the key's membership. */
  pks(key: string, tracked: boolean): readonly string[] {
    const m = this.#membership(key);
    if (tracked) void m.version.value;
    if (m.pks === null) {
      const out: string[] = [];
      const t = this.#tables.get(key);
      if (t) {
        for (const pk of t.values.keys()) if (isLive(visibleIn(t, pk))) out.push(pk);
        if (t.shown) for (const [pk, v] of t.shown) if (!t.values.has(pk) && isLive(v)) out.push(pk);
      }
      m.pks = out;
    }
    return m.pks;
  }

  /** The pk indexed under `key`.`name` = `value`; a tracked read subscribes to that index cell. */
  index(key: string, name: string, value: string, tracked: boolean): string | undefined {
    if (!tracked) return this.#indexes.get(key)?.get(name)?.get(value)?.peek();
    return this.#indexCell(key, name, value).value;
  }

  /** Calls `fn` with each pk of `key` whose committed value exists. */
  forEachCommitted(key: string, fn: (pk: string) => void): void {
    const t = this.#tables.get(key);
    if (t) for (const [pk, v] of t.values) if (v !== undefined) fn(pk);
  }

  /** Calls `fn` with every entity held: committed, optimistic-only, or only awaited by a signal. */
  forEach(fn: (key: string, pk: string, entity: EntityState) => void): void {
    for (const [key, t] of this.#tables) {
      const retained = this.#retained.has(key);
      const report = (pk: string): void => {
        const sig = t.sigs?.get(pk);
        fn(key, pk, { committed: t.values.get(pk), visible: visibleIn(t, pk), meta: metaIn(t, pk), watched: retained || (sig?.watched ?? false), sig });
      };
      for (const pk of [...t.values.keys()]) report(pk);
      if (t.sigs) for (const pk of [...t.sigs.keys()]) if (!t.values.has(pk)) report(pk);
      if (t.shown) for (const pk of [...t.shown.keys()]) if (!t.values.has(pk) && !t.sigs?.has(pk)) report(pk);
    }
  }

  /** Drops an entity (GC): readers see it vanish from its signal, membership and indexes. */
  delete(key: string, pk: string): void {
    const t = this.#tables.get(key);
    if (!t) return;
    const prev = visibleIn(t, pk);
    t.values.delete(pk);
    t.metas.delete(pk);
    t.shown?.delete(pk);
    this.#changed(t, key, pk, prev, undefined);
    t.sigs?.delete(pk);
    if (t.values.size === 0 && !t.sigs?.size && !t.shown?.size) this.#tables.delete(key);
  }

  /** Empties every table (reset): watched readers see undefined, memory is released. */
  clear(): void {
    for (const t of this.#tables.values()) if (t.sigs) for (const sig of t.sigs.values()) sig.value = undefined;
    this.#tables.clear();
    for (const byField of this.#indexes.values()) {
      for (const byValue of byField.values()) for (const c of byValue.values()) c.value = undefined;
    }
    this.#indexes.clear();
    for (const m of this.#members.values()) {
      m.pks = null;
      m.version.value++;
    }
    this.#members.clear();
  }

  /** How many entities are held (committed, optimistic-only or awaited by a signal). */
  get size(): number {
    let n = 0;
    for (const t of this.#tables.values()) {
      n += t.values.size;
      if (t.sigs) for (const pk of t.sigs.keys()) if (!t.values.has(pk)) n++;
      if (t.shown) for (const pk of t.shown.keys()) if (!t.values.has(pk) && !t.sigs?.has(pk)) n++;
    }
    return n;
  }
}
