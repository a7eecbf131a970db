// The pure `normalize` / `denormalize` behave as data-client 0.18's on the points below (what a
// result holds or leaves out, which key a hook is called with, when a development warning is
// printed), while the store's path keeps refusing what it refused.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  All,
  Entity,
  EntityMixin,
  INVALID,
  Invalidate,
  SchemaError,
  Union,
  createDataClient,
  denormalize,
  normalize,
  schema,
  type DataClient,
} from '../../src/core/index.js';
import { normalizeToWriteSet } from '../../src/core/schema/normalizeToWriteSet.js';
import type { EntityReader } from '../../src/core/schema/protocol.js';

class Plant extends Entity {
  id = '';
  name = '';
}
class Pot extends Entity {
  id = '';
  size = 0;
}

const nothingStored: EntityReader = {
  getEntity: () => undefined,
  getMeta: () => undefined,
  forEachPk: () => undefined,
  getIndex: () => undefined,
};
const meta = { fetchedAt: 1, date: 1, expiresAt: Infinity };

let client: DataClient | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

describe('All as a response schema', () => {
  it('the pure normalize writes every item and returns undefined (a read lists the table)', () => {
    const { result, entities } = normalize(new All(Plant), [{ id: 'p1', name: 'Fern' }, { id: 'p2', name: 'Moss' }]);
    expect(result).toBeUndefined();
    expect(Object.keys(entities.Plant!)).toEqual(['p1', 'p2']);
  });

  it('the store path keeps the pks the reply held', async () => {
    expect(normalizeToWriteSet(new All(Plant), [{ id: 'p3', name: 'Ivy' }], [], nothingStored, meta).result).toEqual(['p3']);
    client = createDataClient();
    await client.controller.set(new All(Plant), [{ id: 'p3', name: 'Ivy' }]);
    expect(client.controller.get(new All(Plant))?.map(p => p.name)).toEqual(['Ivy']);
  });
});

describe('an object schema', () => {
  it('leaves out a named field that is undefined, keeping the others', () => {
    for (const s of [{ main: Plant, spare: Plant }, new schema.Object({ main: Plant, spare: Plant })]) {
      const { result } = normalize(s, { main: { id: 'p1', name: 'Fern' }, spare: undefined, note: 'x' });
      expect(result).toEqual({ main: 'p1', note: 'x' });
      expect(Object.keys(result as object)).not.toContain('spare');
    }
  });
});

describe('the key hooks are called with', () => {
  it('is undefined for the reply itself and the field name below it', () => {
    const seen: Array<[string, unknown]> = [];
    class Leaf extends Entity {
      id = '';
      static override process(input: unknown, parent?: unknown, key?: string): Record<string, unknown> {
        seen.push(['process', key]);
        return { ...(input as object) };
      }
      override pk(parent?: unknown, key?: string): string {
        seen.push(['pk', key]);
        return this.id;
      }
    }
    normalize(Leaf, { id: 'a' });
    normalize({ leaf: Leaf }, { leaf: { id: 'b' } });
    expect(seen).toEqual([
      ['process', undefined],
      ['pk', undefined],
      ['process', 'leaf'],
      ['pk', 'leaf'],
    ]);
  });

  it('reaches a function schemaAttribute the same way, which names each reference on a second call', () => {
    const attribute = vi.fn((input: Record<string, unknown>, _parent: unknown, _key: string) => (input.size === undefined ? 'plant' : 'pot'));
    const either = new Union({ plant: Plant, pot: Pot }, attribute);
    const { result } = normalize(either, { id: 'q1', size: 3 });
    expect(result).toEqual({ id: 'q1', schema: 'pot' });
    expect(attribute.mock.calls.map(c => c[2])).toEqual([undefined, undefined]);
    attribute.mockClear();
    normalize(new schema.Array({ plant: Plant, pot: Pot }, attribute), [{ id: 'q2', name: 'x' }, { id: 'q3', size: 1 }]);
    expect(attribute).toHaveBeenCalledTimes(4);
  });
});

describe("an Entity with automaticValidation = 'warn' given an array", () => {
  class Row extends Entity {
    readonly '0': unknown = undefined;
    static override automaticValidation = 'warn' as const;
    override pk(): string {
      return this[0] as string;
    }
  }
  const rows = [{ label: 'a' }, { label: 'b' }];

  it('the pure normalize warns once and keys it by its pk() as a string', () => {
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    const { result, entities } = normalize(Row, rows);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^Row: expected an object, got an array/);
    expect(result).toBe('[object Object]');
    expect(Object.keys(entities.Row!)).toEqual(['[object Object]']);
    warn.mockClear();
  });

  it('the store path refuses a pk() that is no string or number', () => {
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    expect(() => normalizeToWriteSet(Row, rows, [], nothingStored, meta)).toThrow(SchemaError);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockClear();
  });
});

describe('indexes written by the pure normalize', () => {
  class Tag extends Entity {
    id = '';
    label = '';
    static override indexes = ['label'];
  }

  it('map a value an entity held earlier in the reply, and no longer holds, to INVALID', () => {
    const { indexes, entities } = normalize(
      { all: [Tag], renamed: Tag },
      { all: [{ id: 't1', label: 'red' }, { id: 't2', label: 'blue' }], renamed: { id: 't2', label: 'navy' } },
    );
    expect(indexes.Tag!.label).toEqual({ red: 't1', blue: INVALID, navy: 't2' });
    expect((entities.Tag!.t2 as Tag).label).toBe('navy');
  });

  it('map a value the entity held in the tables normalized onto to INVALID', () => {
    const first = normalize([Tag], [{ id: 't1', label: 'red' }]);
    const next = normalize(Tag, { id: 't1', label: 'green' }, [], first);
    expect(next.indexes.Tag!.label).toEqual({ red: INVALID, green: 't1' });
    // a lookup by the old value finds nothing
    expect(normalize(Tag, { id: 't9', label: 'x' }, [], next).indexes.Tag!.label!.red).toBe(INVALID);
  });

  it('warn about an entity without the indexed field, and write no entry for it', () => {
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    const { indexes } = normalize([Tag], [{ id: 't5' }]);
    expect(indexes.Tag!.label).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^Tag: indexed field "label" is missing/);
    warn.mockClear();
  });
});

describe('denormalizing a Union value that is no reference', () => {
  const either = new Union({ plant: Plant, pot: Pot }, (input: Record<string, unknown>) =>
    input.size !== undefined ? 'pot' : input.name !== undefined ? 'plant' : 'unknown',
  );
  const tables = { Plant: { p1: { id: 'p1', name: 'Fern' } } };

  it('warns and returns it as it is when no member can be told (a bare id, an object of no declared type)', () => {
    const warn = vi.mocked(console.warn).mockImplementation(() => {});
    expect(denormalize(either, 'p1', tables)).toBe('p1');
    expect(denormalize(either, { id: 'p1' }, tables)).toEqual({ id: 'p1' });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^Union\(Plant;Pot\): cannot tell which member/);
    warn.mockReset();
  });

  it('builds the member its fields name, and a reference, without a warning', () => {
    const warn = vi.mocked(console.warn);
    expect(denormalize(either, { id: 'p1', name: 'Fern' }, tables)).toBeInstanceOf(Plant);
    expect(denormalize(either, { id: 'p1', schema: 'plant' }, tables)).toBeInstanceOf(Plant);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('EntityMixin', () => {
  it('names its class EntityMixin, keyed by the base class name or a subclass name', () => {
    class Seed {
      id = '';
    }
    const SeedEntity = EntityMixin(Seed);
    expect(SeedEntity.name).toBe('EntityMixin');
    expect(SeedEntity.key).toBe('Seed');
    class Bulb extends EntityMixin(class { id = ''; }) {}
    expect(Bulb.key).toBe('Bulb');
    expect(EntityMixin(Seed, { key: 'Kernel' }).key).toBe('Kernel');
  });
});

describe('Invalidate', () => {
  it('over a Union holds its members as schema, as data-client hoists them, and is not single', () => {
    const either = new Union({ plant: Plant, pot: Pot }, 'kind');
    const removeEither = new Invalidate(either);
    expect(removeEither.schema).toEqual({ plant: Plant, pot: Pot });
    expect(removeEither.isSingleSchema).toBe(false);
    expectTypeOf(removeEither.schema).toEqualTypeOf<{ plant: typeof Plant; pot: typeof Pot }>();
    const removePlant = new Invalidate(Plant);
    expect(removePlant.schema).toBe(Plant);
    expect(removePlant.isSingleSchema).toBe(true);
    expect(normalize(removeEither, { id: 'p1', kind: 'plant' }).entities.Plant!.p1).toBe(INVALID);
  });
});
