import { describe, expect, it, vi } from 'vitest';
import {
  Entity,
  EntityMixin,
  INVALID,
  SchemaError,
  denormalize,
  normalize,
  normalizeToWriteSet,
  queryKey,
  schema,
} from '../../src/core/schema/index.js';
import { MemoryStore, meta } from '../schema/memoryStore.js';

class Book extends Entity {
  id = '';
  title = '';
  static override key = 'Book';
}

class Cat extends Entity {
  id = '';
  type = 'cat';
  lives = 9;
  static override key = 'Cat';
}
class Dog extends Entity {
  id = '';
  type = 'dog';
  good = true;
  static override key = 'Dog';
}

describe('normalize() on its own, as data-client 0.18 gives it', () => {
  it('stamps each written entity with the time of the call, fetchedAt 0 and no expiry', () => {
    const before = Date.now();
    const out = normalize([Book], [{ id: 'b1', title: 'Dune' }]);
    const m = out.entitiesMeta.Book!['b1']!;
    expect(m.fetchedAt).toBe(0);
    expect(m.expiresAt).toBe(Infinity);
    expect(m.date).toBeGreaterThanOrEqual(before);
    expect(m.date).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a list literal that names more than one item schema, naming the schemas', () => {
    expect(() => normalize([Cat, Dog], [{ id: '1' }])).toThrow(SchemaError);
    expect(() => normalize([Cat, Dog], [{ id: '1' }])).toThrow(/one item schema, got 2/);
  });
});

describe("the schema classes carry data-client's class names", () => {
  it('schema.Array is ArraySchema and schema.Union is UnionSchema (its tests and messages name them)', () => {
    expect(schema.Array.name).toBe('ArraySchema');
    expect(new schema.Array(Cat).constructor.name).toBe('ArraySchema');
    expect(schema.Union.name).toBe('UnionSchema');
  });
});

describe('Entity statics of 0.18', () => {
  it('shouldUpdate() returning false keeps the stored copy when a reply brings the entity again', () => {
    class Pinned extends Book {
      static override key = 'Pinned';
      static override shouldUpdate(): boolean {
        return false;
      }
    }
    const store = new MemoryStore();
    store.write(Pinned, { id: 'p', title: 'first' }, [], 1);
    const first = store.entities.get('Pinned')!.get('p');
    const writes = normalizeToWriteSet(Pinned, { id: 'p', title: 'second' }, [], store, meta(2));
    expect(writes.entities.get('Pinned')!.get('p')).toBe(first);
    // without the override, the newer reply wins
    store.write(Book, { id: 'b', title: 'first' }, [], 1);
    expect(normalizeToWriteSet(Book, { id: 'b', title: 'second' }, [], store, meta(2)).entities.get('Book')!.get('b')).toEqual({
      id: 'b',
      title: 'second',
    });
  });

  it('defaults is one instance of the class defaults per class, never the parent one', () => {
    class Base extends Entity {
      id = '';
      static override key = 'DefaultsBase';
    }
    class Child extends Base {
      name = 'none';
      static override key = 'DefaultsChild';
    }
    expect(Base.defaults).toBeInstanceOf(Base);
    expect({ ...Base.defaults }).toEqual({ id: '' });
    expect(Child.defaults).toBeInstanceOf(Child);
    expect({ ...Child.defaults }).toEqual({ id: '', name: 'none' });
    expect(Child.defaults).toBe(Child.defaults);
    expect(Child.defaults).not.toBe(Base.defaults);
    const Mixed = EntityMixin(
      class {
        id = '';
        size = 3;
      },
      { key: 'MixedDefaults' },
    );
    expect({ ...Mixed.defaults }).toEqual({ id: '', size: 3 });
  });

  it('process() returning undefined marks the entity the reply names as deleted', () => {
    class Tombstoned extends Book {
      static override key = 'Tombstoned';
      static override process(input: unknown): Record<string, unknown> | undefined {
        const value = input as Record<string, unknown>;
        return value.deleted ? undefined : { ...value };
      }
    }
    const gone = normalize(Tombstoned, { id: 't1', deleted: true });
    expect(gone.result).toBe('t1');
    expect(gone.entities.Tombstoned!['t1']).toBe(INVALID);
    expect(denormalize(Tombstoned, gone.result, gone.entities)).toBe(INVALID);
    const kept = normalize(Tombstoned, { id: 't2', title: 'here' });
    expect(kept.entities.Tombstoned!['t2']).toEqual({ id: 't2', title: 'here' });
  });
});

describe('polymorphic schema.Array(definition, schemaAttribute)', () => {
  const pets = new schema.Array({ cat: Cat, dog: Dog }, 'type');

  it('normalizes each item with the member its attribute names, as { id, schema } refs', () => {
    const out = normalize(pets, [
      { id: '1', type: 'cat', lives: 7 },
      { id: '2', type: 'dog', good: false },
    ]);
    expect(out.result).toEqual([
      { id: '1', schema: 'cat' },
      { id: '2', schema: 'dog' },
    ]);
    expect(out.entities.Cat!['1']).toEqual({ id: '1', type: 'cat', lives: 7 });
    expect(out.entities.Dog!['2']).toEqual({ id: '2', type: 'dog', good: false });
    const back = denormalize(pets, out.result, out.entities) as unknown[];
    expect(back[0]).toBeInstanceOf(Cat);
    expect(back[1]).toBeInstanceOf(Dog);
    expect((back[0] as Cat).lives).toBe(7);
  });

  it('also takes a function to choose the member', () => {
    const byShape = new schema.Array({ cat: Cat, dog: Dog }, (input: Record<string, unknown>) => ('lives' in input ? 'cat' : 'dog'));
    expect(normalize(byShape, [{ id: '3', lives: 1 }, { id: '4' }]).result).toEqual([
      { id: '3', schema: 'cat' },
      { id: '4', schema: 'dog' },
    ]);
  });

  it('an item of an undeclared type is kept as it is by normalize, with a warning naming the members and the type', () => {
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    expect(normalize(pets, [{ id: '5', type: 'fish' }]).result).toEqual([{ id: '5', type: 'fish' }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/type "fish" \(declared: "cat", "dog"\)/);
    warn.mockClear();
  });
});

describe('schema.Entity as data-client 0.18 has it', () => {
  it('is callable as EntityMixin and named so, and still extends as the Entity class', () => {
    expect(schema.Entity.name).toBe('EntityMixin');
    const Toy = schema.Entity(
      class {
        id = '';
        label = '';
      },
      { key: 'Toy' },
    );
    expect(normalize([Toy], [{ id: 'x', label: 'ball' }]).entities.Toy!['x']).toEqual({ id: 'x', label: 'ball' });
    class Plant extends schema.Entity {
      id = '';
    }
    expect(Plant.key).toBe('Plant');
    expect(Plant.fromJS({ id: 'p' })).toBeInstanceOf(Entity);
    expect(normalize(Plant, { id: 'p' }).result).toBe('p');
  });
});

describe('queryKey over an object of lookups', () => {
  const store = new MemoryStore();
  store.write(Book, { id: '5', title: 'Emma' });

  it('gives the object of found keys, keeping the values of plain fields', () => {
    expect(queryKey({ data: { book: Book } }, ['5'], store)).toEqual({ data: { book: '5' } });
    expect(queryKey(new schema.Object({ data: Book, page: 1 }), [{ id: '5' }], store)).toEqual({ data: '5', page: 1 });
  });

  it("calls a data-client style queryKey(args, unvisit, delegate) with the delegate third", () => {
    class Legacy extends Book {
      static override key = 'Book';
      static override queryKey(args: readonly unknown[], ...rest: unknown[]): unknown {
        const delegate = rest[1] as { getEntity(key: string, pk: string): unknown };
        const pk = String(args[0]);
        return delegate.getEntity(this.key, pk) ? pk : undefined;
      }
    }
    expect(queryKey({ data: { book: Legacy } }, ['5'], store)).toEqual({ data: { book: '5' } });
    expect(queryKey({ data: { book: Legacy } }, ['7'], store)).toEqual({ data: { book: undefined } });
  });

  it('leaves a field undefined when its lookup finds nothing (a list is never inferred), as data-client', () => {
    expect(queryKey({ data: Book }, ['6'], store)).toStrictEqual({ data: undefined });
    expect(queryKey({ data: [Book], page: 1 }, ['5'], store)).toStrictEqual({ data: undefined, page: 1 });
    expect(queryKey({ data: new schema.Array(Book) }, ['5'], store)).toStrictEqual({ data: undefined });
  });
});
