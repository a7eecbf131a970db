import { describe, expect, it } from 'vitest';
import { Collection, Entity, ObjectSchema, schema } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Todo } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

class Repository extends Entity {
  id = 0;
  fullName = '';
  static override key = 'Repository';
}

describe('ObjectSchema and object literals', () => {
  it('a wrapped list { results, total, limit, skip } keeps the numbers and normalizes the list', () => {
    const wrapped = { results: new Collection([Todo]) };
    const store = new MemoryStore();
    const reply = { results: [{ id: 1 }, { id: 2 }], total: 40, limit: 2, skip: 0 };
    const result = store.write(wrapped, reply, [{ userId: 1 }]);
    expect(result).toEqual({ results: '{"userId":"1"}', total: 40, limit: 2, skip: 0 });
    const data = denormalizeReader(wrapped, result, store, [{ userId: 1 }]) as {
      results: Todo[];
      total: number;
      limit: number;
      skip: number;
    };
    expect(data.results.map(t => t.id)).toEqual([1, 2]);
    expect(data).toMatchObject({ total: 40, limit: 2, skip: 0 });
  });

  it('the search shape { results: { incompleteResults, items, totalCount }, link }', () => {
    const search = new ObjectSchema({ results: { items: [Repository] } });
    const store = new MemoryStore();
    const reply = {
      results: { incompleteResults: false, items: [{ id: 1, fullName: 'a/b' }, { id: 2, fullName: 'c/d' }], totalCount: 2 },
      link: '<https://x/?page=2>; rel="next"',
    };
    const result = store.write(search, reply, [{ q: 'x' }]);
    expect(result).toEqual({ results: { incompleteResults: false, items: ['1', '2'], totalCount: 2 }, link: reply.link });
    const data = denormalizeReader(search, result, store, []) as {
      results: { incompleteResults: boolean; items: Repository[]; totalCount: number };
      link: string;
    };
    expect(data.results.items[1]).toBeInstanceOf(Repository);
    expect(data.results.items[1]!.fullName).toBe('c/d');
    expect(data.results.totalCount).toBe(2);
    expect(data.link).toBe(reply.link);
  });

  it('schema.Object is ObjectSchema and missing fields stay missing', () => {
    expect(schema.Object).toBe(ObjectSchema);
    const store = new MemoryStore();
    const result = store.write(new schema.Object({ item: Todo }), { other: 1 });
    expect(result).toEqual({ other: 1 });
  });
});
