import { describe, expect, it } from 'vitest';
import { All, Invalidate, Union, queryKey, schema } from '../../src/core/schema/index.js';
import { INVALID } from '../../src/core/schema/protocol.js';
import { isCompleteQueryKey } from '../../src/core/schema/queryKey.js';
import { MemoryStore } from './memoryStore.js';
import { Todo, User } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

describe('All', () => {
  it('queryKey lists every live pk; denormalize gives every live entity', () => {
    const store = new MemoryStore();
    store.write([User], [{ id: 1 }, { id: 2 }, { id: 3 }]);
    store.write(new Invalidate(User), '2', [], 2);
    const all = new schema.All(User);
    expect(all).toBeInstanceOf(All);
    const key = queryKey(all, [], store);
    expect(key).toEqual(['1', '3']);
    const users = denormalizeReader(all, key, store, []) as User[];
    expect(users.map(u => u.id)).toEqual([1, 3]);
  });

  it('is INVALID when nothing of the key is stored (as data-client), which the store reads as not found', () => {
    expect(queryKey(new All(User), [], new MemoryStore())).toBe(INVALID);
    expect(queryKey({ users: new All(User) }, [], new MemoryStore())).toEqual({ users: INVALID });
    expect(isCompleteQueryKey({ users: INVALID })).toBe(false);
  });

  it('covers each member of a Union', () => {
    const store = new MemoryStore();
    store.write([User], [{ id: 1 }]);
    store.write([Todo], [{ id: 5 }]);
    const either = new Union({ user: User, todo: Todo }, 'kind');
    const key = queryKey(new All(either), [], store);
    expect(key).toEqual([
      { id: '1', schema: 'user' },
      { id: '5', schema: 'todo' },
    ]);
    const items = denormalizeReader(new All(either), key, store, []) as Array<User | Todo>;
    expect(items[0]).toBeInstanceOf(User);
    expect(items[1]).toBeInstanceOf(Todo);
  });

  it('normalizes a list reply like an array', () => {
    const store = new MemoryStore();
    expect(store.write(new All(User), [{ id: 4 }])).toEqual(['4']);
  });
});
