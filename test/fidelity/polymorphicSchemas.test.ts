// data-client 0.18's polymorphic forms of Values, Invalidate and Union, and normalize() over a previous state.
import { describe, expect, it, vi } from 'vitest';
import { All, Entity, Invalidate, SchemaError, Union, Values, denormalize, normalize, queryKey, schema, type DenormalizeReader } from '../../src/core/index.js';

/** A reader over an empty store. */
const MemoryStoreless: DenormalizeReader = { getEntity: () => undefined, getPks: () => [], getIndex: () => undefined };

class Dog extends Entity {
  id = '';
  kind = 'dogs';
}
class Cat extends Entity {
  id = '';
  kind = 'cats';
}

describe('schema class names as data-client gives them', () => {
  it('All, Union and Values are named AllSchema, UnionSchema and ValuesSchema', () => {
    expect([All.name, Union.name, Values.name, schema.Values.name]).toEqual(['AllSchema', 'UnionSchema', 'ValuesSchema', 'ValuesSchema']);
  });
});

describe('Values with a schemaAttribute', () => {
  const pets = new Values({ dogs: Dog, cats: Cat }, 'kind');

  it('normalizes each value to a member reference and back to instances of its member', () => {
    const { result, entities } = normalize(pets, { rex: { id: '1', kind: 'dogs' }, tom: { id: '1', kind: 'cats' }, gone: null });
    expect(result).toEqual({ rex: { id: '1', schema: 'dogs' }, tom: { id: '1', schema: 'cats' } });
    expect(Object.keys(entities)).toEqual(['Dog', 'Cat']);
    const back = denormalize(pets, result, entities) as Record<string, Dog | Cat>;
    expect(back.rex).toBeInstanceOf(Dog);
    expect(back.tom).toBeInstanceOf(Cat);
  });

  it('a function attribute picks the member; a type with no member is refused by name', () => {
    const byFn = new Values({ dogs: Dog, cats: Cat }, (v: Record<string, unknown>) => `${String(v.sound === 'woof' ? 'dog' : 'cat')}s`);
    expect(normalize(byFn, { a: { id: '7', sound: 'woof' } }).result).toEqual({ a: { id: '7', schema: 'dogs' } });
    // normalize keeps a value of an undeclared type, warning (the store path refuses it: normalizeLeniency.test.ts)
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    expect(normalize(pets, { x: { id: '2', kind: 'lizards' } }).result).toEqual({ x: { id: '2', kind: 'lizards' } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^No schema is declared for type "lizards"/);
    warn.mockClear();
  });

  it('drops values whose entity is missing or deleted', () => {
    const entities = { Dog: { '1': { id: '1', kind: 'dogs' } } };
    const out = denormalize(pets, { rex: { id: '1', schema: 'dogs' }, ghost: { id: '9', schema: 'dogs' } }, entities);
    expect(Object.keys(out as object)).toEqual(['rex']);
  });
});

describe('Invalidate of an object of members with a schemaAttribute', () => {
  const remove = new Invalidate({ dogs: Dog, cats: Cat }, 'kind');

  it('invalidates the member the type field names and returns its reference', () => {
    const { result, entities } = normalize(remove, { id: '3', kind: 'cats' });
    expect(result).toEqual({ id: '3', schema: 'cats' });
    expect(typeof entities.Cat!['3']).toBe('symbol');
    expect(entities.Dog).toBeUndefined();
    const list = normalize(new schema.Array(remove), [{ id: '1', kind: 'dogs' }, { id: '2', kind: 'cats' }]);
    expect(Object.keys(list.entities).sort()).toEqual(['Cat', 'Dog']);
  });

  it('an unknown type is refused, and is never looked up', () => {
    expect(normalize(remove, { id: '3', kind: 'birds' }).entities).toEqual({});
    expect(remove.queryKey()).toBeUndefined();
    expect(queryKey(new Invalidate(Dog), [{ id: '1' }], MemoryStoreless)).toBeUndefined();
  });

  it('a value that is neither an entity class, a Union nor members with an attribute is refused', () => {
    // an object of members needs its schemaAttribute
    expect(() => new Invalidate({ dogs: Dog })).toThrow(TypeError);
    expect(() => new Invalidate('Dog' as never)).toThrow(TypeError);
  });
});

describe('Union', () => {
  const pet = new Union({ dogs: Dog, cats: Cat }, 'kind');
  const entities = { Dog: { '1': { id: '1', kind: 'dogs' } }, Cat: { '2': { id: '2', kind: 'cats' } } };

  it('denormalize passes through what is not a reference, or builds it by the member its fields pick', () => {
    expect(denormalize(pet, { id: '1' }, entities)).toEqual({ id: '1' });
    expect(denormalize(pet, '1', entities)).toBe('1');
    expect(denormalize(pet, { id: '1', kind: 'dogs' }, entities)).toBeInstanceOf(Dog);
    // the two values no member can be told for: data-client's warning (schema-member-unresolved)
    expect(vi.mocked(console.warn).mock.calls.map(c => String(c[0]))).toEqual([
      'Union(Dog;Cat): cannot tell which member to build from a value that is no reference and names no declared type; it is returned as it is: {"id":"1"}',
      'Union(Dog;Cat): cannot tell which member to build from a value that is no reference and names no declared type; it is returned as it is: "1"',
    ]);
    vi.mocked(console.warn).mockClear();
  });

  it('a lookup without the type field tries each member', () => {
    const reader = {
      getEntity: (key: string, pk: string) => (entities as Record<string, Record<string, unknown>>)[key]?.[pk],
      getPks: () => [],
      getIndex: () => undefined,
    };
    expect(queryKey(pet, [{ id: '2' }], reader)).toEqual({ id: '2', schema: 'cats' });
    expect(queryKey(pet, [{ id: '1', kind: 'dogs' }], reader)).toEqual({ id: '1', schema: 'dogs' });
    expect(queryKey(pet, [{ id: '5' }], reader)).toBeUndefined();
  });
});

describe('normalize(schema, input, args, state, meta)', () => {
  it('merges into a previous output without changing it; metas default to fetchedAt 0', () => {
    const first = normalize([Dog], [{ id: '1', kind: 'dogs' }]);
    expect(first.entitiesMeta.Dog!['1']!.fetchedAt).toBe(0);
    const second = normalize([Cat], [{ id: '2', kind: 'cats' }], [], first, { date: 5, fetchedAt: 5, expiresAt: 10 });
    expect(Object.keys(second.entities)).toEqual(['Dog', 'Cat']);
    expect(second.entitiesMeta.Cat!['2']).toEqual({ date: 5, fetchedAt: 5, expiresAt: 10 });
    expect(Object.keys(first.entities)).toEqual(['Dog']);
  });

  it('a reply older than the stored entity does not overwrite it', () => {
    const newer = normalize([Dog], [{ id: '1', kind: 'new' }], [], undefined, { date: 20, fetchedAt: 20, expiresAt: Infinity });
    const older = normalize([Dog], [{ id: '1', kind: 'old' }], [], newer, { date: 10, fetchedAt: 10, expiresAt: Infinity });
    expect(older.entities.Dog!['1']).toEqual({ id: '1', kind: 'new' });
  });
});
