import { signal, type Signal } from '@preact/signals-core';
import { INVALID, type EntityLike, type EntityMeta } from '../schema/protocol.js';

/**
 * One entity's cell. `sig` holds what users see (the committed value with every pending
 * optimistic layer applied); `committed` and `meta` are the server state beside it, unreactive.
 */
export interface EntityCell {
  readonly sig: Signal<unknown>;
  committed: unknown;
  meta: EntityMeta | undefined;
  /** True while some effect (directly or through a computed) depends on `sig`. */
  watched: boolean;
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

/**
 * Entity cells by key and pk, the per-key membership signal `All` reads and the index cells of
 * `Entity.indexes`. Writing one entity touches its cell, at most its key's membership version
 * and its own index cells: never a copy of a table, so its cost does not grow with the store.
 *
 * @example
 * const table = new EntityTable(new Map());
 * table.setVisible('User', '1', table.cell('User', '1'), { id: '1' });
 */
export class EntityTable {
  #cells = new Map<string, Map<string, EntityCell>>();
  #members = new Map<string, Membership>();
  #indexes = new Map<string, Map<string, Map<string, Signal<string | undefined>>>>();
  readonly #schemas: Map<string, EntityLike>;

  constructor(schemas: Map<string, EntityLike>) {
    this.#schemas = schemas;
  }

  /** The cell of `key`/`pk`, if one exists; never creates. */
  peekCell(key: string, pk: string): EntityCell | undefined {
    return this.#cells.get(key)?.get(pk);
  }

  /** The cell of `key`/`pk`, created empty when missing so a reader can track its arrival. */
  cell(key: string, pk: string): EntityCell {
    let table = this.#cells.get(key);
    if (!table) this.#cells.set(key, (table = new Map()));
    let c = table.get(pk);
    if (!c) {
      const created: EntityCell = {
        sig: signal<unknown>(undefined, {
          watched() {
            created.watched = true;
          },
          unwatched() {
            created.watched = false;
          },
        }),
        committed: undefined,
        meta: undefined,
        watched: false,
      };
      c = created;
      table.set(pk, c);
    }
    return c;
  }

  /** Shows `value` in the cell; maintains membership and indexes. No-op when identical. */
  setVisible(key: string, pk: string, cell: EntityCell, value: unknown): void {
    const prev = cell.sig.peek();
    if (prev === value) return;
    cell.sig.value = value;
    if (isLive(prev) !== isLive(value)) this.#bump(key);
    const indexes = this.#schemas.get(key)?.indexes;
    if (!indexes) return;
    for (const name of indexes) {
      const before = field(prev, name);
      const after = field(value, name);
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

  #indexCell(key: string, name: string, value: string): Signal<string | undefined> {
    let byField = this.#indexes.get(key);
    if (!byField) this.#indexes.set(key, (byField = new Map()));
    let byValue = byField.get(name);
    if (!byValue) byField.set(name, (byValue = new Map()));
    let c = byValue.get(value);
    if (!c) byValue.set(value, (c = signal<string | undefined>(undefined)));
    return c;
  }

  /** Every live (visible) pk of `key`; a tracked read subscribes to the key's membership. */
  pks(key: string, tracked: boolean): readonly string[] {
    let m = this.#members.get(key);
    if (!m) this.#members.set(key, (m = { version: signal(0), pks: null }));
    if (tracked) void m.version.value;
    if (m.pks === null) {
      const out: string[] = [];
      const table = this.#cells.get(key);
      if (table) for (const [pk, c] of table) if (isLive(c.sig.peek())) out.push(pk);
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
  forEachCommitted(key: string, fn: (pk: string, cell: EntityCell) => void): void {
    const table = this.#cells.get(key);
    if (table) for (const [pk, c] of table) if (c.committed !== undefined) fn(pk, c);
  }

  /** Calls `fn` with every cell. */
  forEach(fn: (key: string, pk: string, cell: EntityCell) => void): void {
    for (const [key, table] of this.#cells) for (const [pk, c] of table) fn(key, pk, c);
  }

  /** Drops a cell (GC): its value disappears from membership and indexes. */
  delete(key: string, pk: string): void {
    const c = this.peekCell(key, pk);
    if (!c) return;
    this.setVisible(key, pk, c, undefined);
    this.#cells.get(key)!.delete(pk);
    if (this.#cells.get(key)!.size === 0) this.#cells.delete(key);
  }

  /** Empties every cell (reset): watched readers see undefined, memory is released. */
  clear(): void {
    for (const [key, table] of this.#cells) for (const [pk, c] of table) this.setVisible(key, pk, c, undefined);
    this.#cells.clear();
    for (const m of this.#members.values()) {
      m.pks = null;
      m.version.value++;
    }
    this.#indexes.clear();
    this.#members.clear();
  }

  /** How many cells exist (tests, stats). */
  get size(): number {
    let n = 0;
    for (const t of this.#cells.values()) n += t.size;
    return n;
  }
}
