import { describe, expect, it } from 'vitest';
import { All, Query, queryKey, schema } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Todo, User } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

describe('Query', () => {
  it('computes a derived value from a queryable and the lookup args', () => {
    const store = new MemoryStore();
    store.write([Todo], [
      { id: 1, userId: 1, completed: true },
      { id: 2, userId: 1, completed: false },
      { id: 3, userId: 2, completed: true },
    ]);
    const doneCount = new Query(new All(Todo), (todos: Todo[], { userId }: { userId: number }) =>
      todos.filter(t => t.completed && t.userId === userId).length,
    );
    expect(schema.Query).toBe(Query);
    const args = [{ userId: 1 }];
    const key = queryKey(doneCount, args, store);
    expect(denormalizeReader(doneCount, key, store, args)).toBe(1);
  });

  it('over an Entity: the entity by pk, undefined when missing', () => {
    const store = new MemoryStore();
    store.write(User, { id: 1, name: 'Ann' });
    const named = new Query(User, (u: User) => u.name.toUpperCase());
    expect(denormalizeReader(named, queryKey(named, [{ id: 1 }], store), store, [{ id: 1 }])).toBe('ANN');
    expect(queryKey(named, [{ id: 2 }], store)).toBeUndefined();
    expect(denormalizeReader(named, undefined, store, [{ id: 2 }])).toBeUndefined();
  });

  it('requires a queryable schema', () => {
    expect(() => new Query({} as never)).toThrow(TypeError);
  });
});
