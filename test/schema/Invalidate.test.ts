import { describe, expect, it } from 'vitest';
import { Collection, INVALID, Invalidate, SchemaError, normalize } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Post, User } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

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
    expect((denormalizeReader(users, listResult, store, [{}]) as User[]).map(u => u.id)).toEqual([2]);
    expect((denormalizeReader([User], plainResult, store, []) as User[]).map(u => u.id)).toEqual([2]);
    expect(denormalizeReader(User, '1', store, [])).toBe(INVALID);
    expect(denormalizeReader(deleteUser, '1', store, [])).toBe(INVALID);
    expect(denormalizeReader(User, '1', store, [], false)).toBeUndefined();
    expect(denormalizeReader(deleteUser, '1', store, [], false)).toBeUndefined();
  });

  it('an embedded invalidated entity invalidates the entity requiring it, and reads as undefined in views', () => {
    const store = new MemoryStore();
    store.write(Post, { id: 1, author: { id: 9 } }, [], 1);
    store.write(deleteUser, '9', [], 2);
    // Post.author defaults to an instance (truthy): the field is required
    expect(denormalizeReader(Post, '1', store, [])).toBe(INVALID);
    const post = denormalizeReader(Post, '1', store, [], false) as Post;
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
