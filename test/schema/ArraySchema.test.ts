import { describe, expect, it } from 'vitest';
import { Array as ArrayExport, ArraySchema, SchemaError, denormalize, normalize, schema } from '../../src/core/schema/index.js';
import { Todo, User } from './fixtures.js';
import { MemoryStore } from './memoryStore.js';

describe('ArraySchema', () => {
  it('is exported as Array and schema.Array', () => {
    expect(ArrayExport).toBe(ArraySchema);
    expect(schema.Array).toBe(ArraySchema);
  });

  it('normalizes like the [Item] literal', () => {
    const reply = [{ id: 1 }, { id: 2 }];
    expect(normalize(new ArraySchema(User), reply).result).toEqual(['1', '2']);
    expect(normalize([User], reply).result).toEqual(['1', '2']);
  });

  it('the store path rejects a non-array reply; the pure normalize takes an object\'s values, as data-client', () => {
    const store = new MemoryStore();
    expect(() => store.write(new ArraySchema(User), { id: 1 }, [], 1)).toThrow(SchemaError);
    expect(() => store.write([User], { a: { id: 1 } }, [], 1)).toThrow(/\[User\]: expected an array.*"a"/);
    expect(normalize(new ArraySchema(User), { a: { id: 1 }, b: { id: 2 } }).result).toEqual(['1', '2']);
    expect(normalize([User], { a: { id: 1 } }).result).toEqual(['1']);
    expect(() => normalize([User], 'nope')).toThrow(/^\[User\]: expected an object, got a string; got "nope"$/);
  });

  it('drops missing entities on denormalize', () => {
    const { entities } = normalize([Todo], [{ id: 1 }]);
    const list = denormalize([Todo], ['1', '2'], entities) as Todo[];
    expect(list.map(t => t.id)).toEqual([1]);
  });

  it('nested plain arrays of values pass through', () => {
    expect(normalize([[User]], [[{ id: 1 }], [{ id: 2 }]]).result).toEqual([['1'], ['2']]);
  });
});
