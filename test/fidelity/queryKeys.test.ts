// Keys inferred from lookup arguments: the pure `queryKey` gives data-client's values (partial
// objects, `INVALID` for an empty `All`, a computed numeric pk as a number), while the store's
// reads still show a result only when every lookup in it is found.
import { describe, expect, it } from 'vitest';
import {
  All,
  Entity,
  INVALID,
  Query,
  createDataClient,
  queryKey,
  type DenormalizeReader,
} from '../../src/core/index.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

class Shelf extends Entity {
  id = 0;
  label = '';
  static override key = 'Shelf';
}
class Lamp extends Entity {
  id = '';
  kind = 'lamp';
  static override key = 'Lamp';
}
class Rug extends Entity {
  id = '';
  kind = 'rug';
  static override key = 'Rug';
}

function readerOf(t: Record<string, Record<string, unknown>>): DenormalizeReader {
  return {
    getEntity: (key, pk) => t[key]?.[pk],
    getPks: key => Object.keys(t[key] ?? {}),
    getIndex: () => undefined,
  };
}

describe('pure queryKey', () => {
  const reader = readerOf({ Shelf: { '3': { id: 3, label: 'oak' } } });

  it('leaves a missing lookup undefined inside an object key instead of dropping the whole key', () => {
    expect(queryKey({ top: Shelf, note: 'x' }, [{ id: 4 }], reader)).toStrictEqual({ top: undefined, note: 'x' });
    expect(queryKey({ top: Shelf, note: 'x' }, [{ id: 3 }], reader)).toStrictEqual({ top: 3, note: 'x' });
  });

  it('keeps a pk computed from an object argument as the number pk() gives; a bare argument is a string', () => {
    expect(queryKey(Shelf, [{ id: 3 }], reader)).toBe(3);
    expect(queryKey(Shelf, [3], reader)).toBe('3');
  });

  it('gives the same object for an equal key, so memoized reads downstream stay put', () => {
    const schema = { top: Shelf };
    const first = queryKey(schema, [{ id: 3 }], reader);
    expect(queryKey(schema, [{ id: 3 }], reader)).toBe(first);
  });

  it('is INVALID for All over a table with nothing stored, and a Query over it denormalizes to INVALID', () => {
    const empty = readerOf({});
    const everyShelf = new All(Shelf);
    expect(queryKey(everyShelf, [], empty)).toBe(INVALID);
    const sorted = new Query(everyShelf, (shelves: Shelf[]) => [...shelves].reverse());
    const key = queryKey(sorted, [], empty);
    expect(denormalizeReader(sorted, key, empty, [])).toBe(INVALID);
  });

  it('reads a polymorphic All (definition and schemaAttribute), skipping empty and INVALID rows', () => {
    const furniture = new All({ lamp: Lamp, rug: Rug }, 'kind');
    const t = {
      Lamp: { a: { id: 'a', kind: 'lamp' }, gone: INVALID, hole: undefined },
      Rug: { b: { id: 'b', kind: 'rug' } },
    };
    const key = queryKey(furniture, [], readerOf(t));
    expect(key).toEqual([
      { id: 'a', schema: 'lamp' },
      { id: 'b', schema: 'rug' },
    ]);
    const items = denormalizeReader(furniture, key, readerOf(t), []) as (Lamp | Rug)[];
    expect(items.map(i => [i.constructor.name, i.id])).toEqual([
      ['Lamp', 'a'],
      ['Rug', 'b'],
    ]);
  });
});

describe('store reads over inferred keys', () => {
  it('show nothing for a partial key or an empty All, and the whole result once everything is stored', async () => {
    const client = createDataClient({ initialState: { entities: {} } as never });
    try {
      const byPk = { top: Shelf, note: 'x' };
      expect(client.controller.get(byPk, { id: 3 })).toBeUndefined();
      expect(client.controller.get(new All(Shelf))).toBeUndefined();
      await client.controller.set(Shelf, { id: 3 }, { id: 3, label: 'oak' });
      const found = client.controller.get(byPk, { id: 3 }) as { top: Shelf; note: string } | undefined;
      expect(found?.top.label).toBe('oak');
      expect(found?.note).toBe('x');
      expect((client.controller.get(new All(Shelf)) as Shelf[]).map(s => s.id)).toEqual([3]);
    } finally {
      client.destroy();
    }
  });
});
