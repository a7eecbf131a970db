import { describe, expect, it } from 'vitest';
import { Entity, queryKey } from '../../src/core/schema/index.js';
import { isCompleteQueryKey } from '../../src/core/schema/queryKey.js';
import { MemoryStore } from './memoryStore.js';
import { IndexedUser as User } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

describe('queryKey', () => {
  const store = new MemoryStore();
  store.write([User], [
    { id: 1, username: 'ann' },
    { id: 2, username: 'bob' },
  ]);

  it('finds an Entity by pk (string, number or object; a computed numeric pk stays a number, as data-client)', () => {
    expect(queryKey(User, ['1'], store)).toBe('1');
    expect(queryKey(User, [2], store)).toBe('2');
    expect(queryKey(User, [{ id: 2 }], store)).toBe(2);
    const two = denormalizeReader(User, queryKey(User, [{ id: 2 }], store), store, []) as User;
    expect(two.username).toBe('bob');
  });

  it('finds an Entity by an indexed field', () => {
    expect(queryKey(User, [{ username: 'bob' }], store)).toBe('2');
    const bob = denormalizeReader(User, queryKey(User, [{ username: 'bob' }], store), store, []) as User;
    expect(bob.id).toBe(2);
  });

  it('is undefined when not stored or not indexed', () => {
    expect(queryKey(User, [{ username: 'zed' }], store)).toBeUndefined();
    expect(queryKey(User, ['9'], store)).toBeUndefined();
    expect(queryKey(User, [{ name: 'x' }], store)).toBeUndefined();
    class Plain extends Entity {
      id = 0;
      static override key = 'Plain';
    }
    expect(queryKey(Plain, [{ id: 1 }], store)).toBeUndefined();
  });

  it('is undefined for a list, and a partial (incomplete) object for an object whose lookup finds nothing', () => {
    expect(queryKey([User], [], store)).toBeUndefined();
    expect(queryKey({ user: User }, [], store)).toEqual({ user: undefined });
    expect(isCompleteQueryKey(queryKey({ user: User }, [], store))).toBe(false);
    expect(isCompleteQueryKey(queryKey({ user: User }, ['1'], store))).toBe(true);
  });
});
