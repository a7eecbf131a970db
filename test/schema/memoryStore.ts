import { INVALID, type DenormalizeReader, type EntityMeta, type EntityReader, type WriteSet } from '../../src/core/schema/protocol.js';
import { normalizeToWriteSet } from '../../src/core/schema/index.js';

/**
 * A minimal in-memory store for schema tests: it commits write-sets as the real store does
 * (values as given, meta per entity, indexes from `schemas`) and records every entity read.
 */
export class MemoryStore implements EntityReader, DenormalizeReader {
  readonly entities = new Map<string, Map<string, unknown>>();
  readonly metas = new Map<string, Map<string, EntityMeta>>();
  readonly indexes = new Map<string, readonly string[]>();
  reads: Array<[string, string]> = [];

  getEntity(key: string, pk: string): unknown {
    this.reads.push([key, pk]);
    return this.entities.get(key)?.get(pk);
  }
  getMeta(key: string, pk: string): EntityMeta | undefined {
    return this.metas.get(key)?.get(pk);
  }
  forEachPk(key: string, fn: (pk: string) => void): void {
    for (const pk of [...(this.entities.get(key)?.keys() ?? [])]) fn(pk);
  }
  /** Live pks only, as the reader protocol asks (an invalidated entity is not listed). */
  getPks(key: string): readonly string[] {
    const t = this.entities.get(key);
    return t ? [...t.keys()].filter(pk => t.get(pk) !== undefined && t.get(pk) !== INVALID) : [];
  }
  getIndex(key: string, field: string, value: string): string | undefined {
    if (!this.indexes.get(key)?.includes(field)) return undefined;
    for (const [pk, v] of this.entities.get(key) ?? []) {
      if (v !== INVALID && typeof v === 'object' && v !== null && String((v as Record<string, unknown>)[field]) === value) return pk;
    }
    return undefined;
  }

  commit(writes: WriteSet): unknown {
    for (const [key, s] of writes.schemas) if (s.indexes) this.indexes.set(key, s.indexes);
    for (const [key, byPk] of writes.entities) {
      let t = this.entities.get(key);
      if (!t) this.entities.set(key, (t = new Map()));
      let m = this.metas.get(key);
      if (!m) this.metas.set(key, (m = new Map()));
      for (const [pk, v] of byPk) {
        t.set(pk, v);
        const meta = writes.meta.get(key)?.get(pk) ?? writes.common;
        if (meta) m.set(pk, meta);
      }
    }
    return writes.result;
  }

  /** Normalizes and commits; returns the normalized result. */
  write(schema: unknown, input: unknown, args: readonly unknown[] = [], date = 1, optimistic = false): unknown {
    return this.commit(normalizeToWriteSet(schema, input, args, this, meta(date), optimistic));
  }
}

export function meta(date: number): EntityMeta {
  return { date, fetchedAt: date + 1, expiresAt: date + 60_000 };
}
