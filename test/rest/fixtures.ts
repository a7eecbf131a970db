import { Entity, normalizeToWriteSet, INVALID, type EntityReader, type NormalizedData } from '../../src/core/schema/index.js';

/** The item entity of the resource tests: a todo in a group. */
export class Todo extends Entity {
  id = 0;
  group = '';
  title = '';
  completed = false;
  static override key = 'Todo';
}

export const seedTodos = () => [
  { id: 1, group: 'a', title: 'one', completed: false },
  { id: 2, group: 'a', title: 'two', completed: true },
  { id: 3, group: 'b', title: 'three', completed: false },
];

/** An EntityReader over the tables of earlier `normalize` outputs (later ones win). */
export function readerOf(...data: NormalizedData[]): EntityReader {
  const get = (key: string, pk: string) => {
    for (let i = data.length - 1; i >= 0; i--) {
      const t = data[i]!.entities[key];
      if (t && Object.prototype.hasOwnProperty.call(t, pk)) return t[pk];
    }
    return undefined;
  };
  return {
    getEntity: get,
    getMeta: () => ({ date: 0, fetchedAt: 0, expiresAt: Infinity }),
    forEachPk(key, fn) {
      const seen = new Set<string>();
      for (const d of data) for (const pk of Object.keys(d.entities[key] ?? {})) if (!seen.has(pk)) (seen.add(pk), fn(pk));
    },
    getIndex: () => undefined,
  };
}

/** Normalizes `reply` for `schema` on top of `reader`; returns the written tables as plain objects. */
export function writeOver(schema: unknown, reply: unknown, args: readonly unknown[], reader: EntityReader) {
  const now = Date.now();
  const ws = normalizeToWriteSet(schema, reply, args, reader, { date: now, fetchedAt: now, expiresAt: Infinity });
  const entities: Record<string, Record<string, unknown>> = {};
  for (const [key, byPk] of ws.entities) entities[key] = Object.fromEntries(byPk);
  return { result: ws.result, entities };
}

export { INVALID };
