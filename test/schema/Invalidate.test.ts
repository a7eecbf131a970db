import { describe, expect, it } from 'vitest';
import { Collection, DenormalizeCache, INVALID, Invalidate, SchemaError, denormalizeCached, normalize } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Post, User } from './fixtures.js';

describe('Invalidate', () => {
  const deleteUser = new Invalidate(User);

  it('in a reply the store writes, a bare pk names the entity to remove', () => {
    const store = new MemoryStore();
    store.write(User, { id: 5 }, [], 1);
    expect(store.write(deleteUser, '5', [], 2)).toBe('5');
    expect(store.entities.get('User')!.get('5')).toBe(INVALID);
  });

  it('the pure normalize passes a bare pk through and removes nothing, as data-client', () => {
    const { result, entities } = normalize(deleteUser, '5');
    expect(result).toBe('5');
    expect(entities.User).toBeUndefined();
  });

  it('writes INVALID for an object whose pk is computable', () => {
    expect(normalize(deleteUser, { id: 5 }).entities.User!['5']).toBe(INVALID);
  });

  it('rejects an object without a pk', () => {
    expect(() => normalize(deleteUser, { name: 'x' })).toThrow(SchemaError);
    expect(() => normalize(deleteUser, { name: 'x' })).toThrow(/User/);
  });

  it('an invalidated entity disappears from lists and collections, and a lookup gives INVALID (undefined for views)', () => {
    const store = new MemoryStore();
    const users = new Collection([User]);
    const listResult = store.write(users, [{ id: 1 }, { id: 2 }], [{}], 1);
    const plainResult = store.write([User], [{ id: 1 }, { id: 2 }], [], 1);
    store.write(deleteUser, { id: 1 }, [], 2);
    const cache = new DenormalizeCache();
    expect((denormalizeCached(users, listResult, [{}], store, cache) as User[]).map(u => u.id)).toEqual([2]);
    expect((denormalizeCached([User], plainResult, [], store, cache) as User[]).map(u => u.id)).toEqual([2]);
    expect(denormalizeCached(User, '1', [], store, cache)).toBe(INVALID);
    expect(denormalizeCached(deleteUser, '1', [], store, cache)).toBe(INVALID);
    const views = new DenormalizeCache({ deleted: 'missing' });
    expect(denormalizeCached(User, '1', [], store, views)).toBeUndefined();
    expect(denormalizeCached(deleteUser, '1', [], store, views)).toBeUndefined();
  });

  it('an embedded invalidated entity invalidates the entity requiring it, and reads as undefined in views', () => {
    const store = new MemoryStore();
    store.write(Post, { id: 1, author: { id: 9 } }, [], 1);
    store.write(deleteUser, '9', [], 2);
    // Post.author defaults to an instance (truthy): the field is required
    expect(denormalizeCached(Post, '1', [], store, new DenormalizeCache())).toBe(INVALID);
    const post = denormalizeCached(Post, '1', [], store, new DenormalizeCache({ deleted: 'missing' })) as Post;
    expect(post.id).toBe(1);
    expect(post.author).toBeUndefined();
  });

  it('a reply that started before the invalidation does not bring the entity back; a later one does', () => {
    const store = new MemoryStore();
    store.write(deleteUser, '1', [], 10);
    store.write(User, { id: 1, name: 'stale' }, [], 5);
    expect(store.entities.get('User')!.get('1')).toBe(INVALID);
    store.write(User, { id: 1, name: 'fresh' }, [], 20);
    expect(store.entities.get('User')!.get('1')).toEqual({ id: 1, name: 'fresh' });
  });
});
