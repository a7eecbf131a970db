import { describe, expect, it } from 'vitest';
import { INVALID, Invalidate, denormalize, normalize } from '../../src/core/schema/index.js';
import { IndexedUser, Post, User } from './fixtures.js';

describe('normalize / denormalize (pure)', () => {
  it('returns data-client-shaped null-prototype tables', () => {
    const out = normalize([Post], [{ id: 1, author: { id: 7, username: 'ann' } }]);
    expect(out.result).toEqual(['1']);
    expect(Object.getPrototypeOf(out.entities)).toBeNull();
    expect(Object.getPrototypeOf(out.entities.User)).toBeNull();
    expect(Object.getPrototypeOf(out.indexes)).toBeNull();
    expect(normalize([IndexedUser], [{ id: 7, username: 'ann' }]).indexes.User!.username!.ann).toBe('7');
    expect(out.entitiesMeta.Post!['1']).toMatchObject({ date: expect.any(Number), fetchedAt: expect.any(Number) });
  });

  it('round-trips', () => {
    const reply = [
      { id: 1, title: 'a', author: { id: 7, name: 'Ann' }, createdAt: '2024-01-01T00:00:00.000Z' },
      { id: 2, title: 'b', author: { id: 7, name: 'Ann' }, createdAt: '2024-01-02T00:00:00.000Z' },
    ];
    const { result, entities } = normalize([Post], reply);
    const posts = denormalize([Post], result, entities) as Post[];
    expect(posts.map(p => [p.id, p.title, p.author.name, p.createdAt.toISOString()])).toEqual([
      [1, 'a', 'Ann', '2024-01-01T00:00:00.000Z'],
      [2, 'b', 'Ann', '2024-01-02T00:00:00.000Z'],
    ]);
    expect(posts[0]!.author).toBe(posts[1]!.author);
  });

  it('an invalidated top-level entity denormalizes to INVALID', () => {
    const { entities } = normalize(new Invalidate(User), { id: 3 });
    expect(entities.User!['3']).toBe(INVALID);
    expect(denormalize(User, '3', entities)).toBe(INVALID);
  });

  it('a schema of undefined passes data through', () => {
    expect(normalize(undefined, { a: 1 }).result).toEqual({ a: 1 });
  });
});
