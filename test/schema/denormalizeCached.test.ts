import { describe, expect, it, vi } from 'vitest';
import { Collection, DenormalizeCache, Entity, denormalizeCached } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Person, Post, Todo, User } from './fixtures.js';

function postsStore() {
  const store = new MemoryStore();
  const result = store.write([Post], [
    { id: 1, title: 'one', author: { id: 10, name: 'Ann' } },
    { id: 2, title: 'two', author: { id: 11, name: 'Bob' } },
    { id: 3, title: 'three', author: { id: 10, name: 'Ann' } },
  ]);
  return { store, result };
}

describe('denormalizeCached', () => {
  it('an unchanged entity is the same object in every view and across calls', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    const a = denormalizeCached([Post], result, [], store, cache) as Post[];
    const b = denormalizeCached([Post], result, [], store, cache) as Post[];
    const single = denormalizeCached(Post, '1', [], store, cache) as Post;
    const user = denormalizeCached(User, '10', [], store, cache) as User;
    expect(b[0]).toBe(a[0]);
    expect(single).toBe(a[0]);
    expect(a[0]!.author).toBe(a[2]!.author);
    expect(user).toBe(a[0]!.author);
  });

  it('a changed entity gives a new object, as does every entity embedding it; others stay', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    const before = denormalizeCached([Post], result, [], store, cache) as Post[];
    store.write(User, { id: 10, name: 'Anna' }, [], 2);
    const after = denormalizeCached([Post], result, [], store, cache) as Post[];
    expect(after[0]).not.toBe(before[0]);
    expect(after[2]).not.toBe(before[2]);
    expect(after[0]!.author).not.toBe(before[0]!.author);
    expect(after[0]!.author.name).toBe('Anna');
    expect(after[0]!.author).toBe(after[2]!.author);
    expect(after[1]).toBe(before[1]);
    expect(after[1]!.author).toBe(before[1]!.author);
  });

  it('a cache hit re-reads every dependency through the reader (what a computed tracks)', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    denormalizeCached([Post], result, [], store, cache);
    store.reads = [];
    denormalizeCached(Post, '1', [], store, cache);
    const read = store.reads.map(([k, pk]) => `${k}:${pk}`);
    expect(read).toContain('Post:1');
    expect(read).toContain('User:10');
    expect(read).not.toContain('User:11');
  });

  it('a stored value that is replaced by an equal-looking new object still rebuilds (identity, not equality)', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    const before = denormalizeCached([Post], result, [], store, cache) as Post[];
    store.entities.get('Post')!.set('2', { ...(store.entities.get('Post')!.get('2') as object) });
    const after = denormalizeCached([Post], result, [], store, cache) as Post[];
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.author).toBe(before[1]!.author);
  });

  describe('cycles', () => {
    function friends() {
      const store = new MemoryStore();
      store.write([Person], [
        { id: 'a', name: 'A', friends: [{ id: 'b', name: 'B', friends: [{ id: 'a' }] }, { id: 'c', name: 'C', friends: [] }] },
      ]);
      return store;
    }

    it('one object per entity, no infinite loop', () => {
      const store = friends();
      const cache = new DenormalizeCache();
      const a = denormalizeCached(Person, 'a', [], store, cache) as Person;
      const b = a.friends[0]!;
      expect(b.name).toBe('B');
      expect(b.friends[0]).toBe(a);
      expect(denormalizeCached(Person, 'b', [], store, cache)).toBe(b);
      expect(denormalizeCached(Person, 'a', [], store, cache)).toBe(a);
    });

    it('starting from another member of the cycle gives the same objects', () => {
      const store = friends();
      const cache = new DenormalizeCache();
      const b = denormalizeCached(Person, 'b', [], store, cache) as Person;
      const a = denormalizeCached(Person, 'a', [], store, cache) as Person;
      expect(b.friends[0]).toBe(a);
      expect(a.friends[0]).toBe(b);
    });

    it('a change anywhere in the cycle rebuilds every member', () => {
      const store = friends();
      const cache = new DenormalizeCache();
      const a = denormalizeCached(Person, 'a', [], store, cache) as Person;
      const b = a.friends[0]!;
      store.write(Person, { id: 'c', name: 'C2' }, [], 2);
      const b2 = denormalizeCached(Person, 'b', [], store, cache) as Person;
      expect(b2).not.toBe(b);
      expect(b2.friends[0]!.friends[1]!.name).toBe('C2');
      const a2 = denormalizeCached(Person, 'a', [], store, cache) as Person;
      expect(a2).toBe(b2.friends[0]);
    });

    it('an entity referenced twice inside a cycle is one object', () => {
      const store = new MemoryStore();
      store.write(Person, { id: 'a', friends: [{ id: 'b', friends: [{ id: 'a' }] }, { id: 'b' }] });
      const a = denormalizeCached(Person, 'a', [], store, new DenormalizeCache()) as Person;
      expect(a.friends[0]).toBe(a.friends[1]);
    });
  });

  it('a collection is the same array while unchanged and a new one when an item changes', () => {
    const todos = new Collection([Todo]);
    const store = new MemoryStore();
    const pk = store.write(todos, [{ id: 1 }, { id: 2 }], [{}]);
    const cache = new DenormalizeCache();
    const a = denormalizeCached(todos, pk, [{}], store, cache) as Todo[];
    expect(denormalizeCached(todos, pk, [{}], store, cache)).toBe(a);
    store.write(Todo, { id: 2, title: 'x' }, [], 2);
    const b = denormalizeCached(todos, pk, [{}], store, cache) as Todo[];
    expect(b).not.toBe(a);
    expect(b[0]).toBe(a[0]);
  });

  it('denormalizes a 100 000-item list', () => {
    const store = new MemoryStore();
    const reply = Array.from({ length: 100_000 }, (_, i) => ({ id: i, title: `t${i}` }));
    const result = store.write([Todo], reply) as string[];
    expect(result).toHaveLength(100_000);
    const view = denormalizeCached([Todo], result, [], store, new DenormalizeCache()) as Todo[];
    expect(view).toHaveLength(100_000);
    expect(view[99_999]!.title).toBe('t99999');
  });

  it('keeps two versions of an entity (a pending optimistic value beside the committed one), dropping the older for a third', () => {
    const { store: committed, result } = postsStore();
    const visible = postsStore().store;
    visible.write(Post, { id: 1, title: 'optimistic', author: { id: 10, name: 'Ann' } }, [], 2);
    const third = postsStore().store;
    third.write(Post, { id: 1, title: 'third', author: { id: 10, name: 'Ann' } }, [], 3);
    const cache = new DenormalizeCache();
    const c1 = denormalizeCached(Post, '1', [], committed, cache) as Post;
    const v1 = denormalizeCached(Post, '1', [], visible, cache) as Post;
    // reads alternating between the two versions rebuild neither
    expect(denormalizeCached(Post, '1', [], committed, cache)).toBe(c1);
    expect(denormalizeCached(Post, '1', [], visible, cache)).toBe(v1);
    expect(v1.title).toBe('optimistic');
    expect((denormalizeCached([Post], result, [], committed, cache) as Post[])[0]).toBe(c1);
    // a third version replaces the older one (bounded per entity); the newer stays
    const t1 = denormalizeCached(Post, '1', [], third, cache) as Post;
    expect(t1.title).toBe('third');
    expect(denormalizeCached(Post, '1', [], visible, cache)).toBe(v1);
    const c2 = denormalizeCached(Post, '1', [], committed, cache) as Post;
    expect(c2).not.toBe(c1);
    expect(c2.title).toBe('one');
  });
});

/** A team embeds more users than a dependency scan covers, so its dependencies are deduped by a set. */
class Team extends Entity {
  id = 0;
  members: User[] = [];
  lead: User = User.fromJS();
  static override key = 'Team';
  static override schema = { members: [User], lead: User };
}

describe('denormalizeCached dependencies of nested and sibling entities', () => {
  const team = (id: number, from: number) => ({
    id,
    lead: { id: from, name: `User ${from}` },
    // the lead again, then 20 more: past the scan, into the set
    members: Array.from({ length: 21 }, (_, i) => ({ id: from + i, name: `User ${from + i}` })),
  });

  it('each entity depends on exactly what it embeds, whatever was built before or inside it', () => {
    const store = new MemoryStore();
    const result = store.write([Team], [team(1, 100), team(2, 200)]);
    const cache = new DenormalizeCache();
    const first = denormalizeCached([Team], result, [], store, cache) as Team[];
    expect(first[1]!.members[20]!.name).toBe('User 220');

    // a hit of the second team reads itself and its 21 users, none of the first team's
    store.reads = [];
    expect(denormalizeCached(Team, '2', [], store, cache)).toBe(first[1]);
    const read = new Set(store.reads.map(([k, pk]) => `${k}:${pk}`));
    expect(read).toEqual(new Set(['Team:2', ...Array.from({ length: 21 }, (_, i) => `User:${200 + i}`)]));

    // the last member of the first team is one of its deps (past the scan): a change rebuilds it and the list
    store.write(User, { id: 120, name: 'Renamed' }, [], 2);
    const after = denormalizeCached([Team], result, [], store, cache) as Team[];
    expect(after).not.toBe(first);
    expect(after[0]).not.toBe(first[0]);
    expect(after[0]!.members[20]!.name).toBe('Renamed');
    expect(after[1]).toBe(first[1]);
    expect(after[0]!.lead).toBe(first[0]!.lead);
  });
});

describe('denormalizeCached on very deep stored data', () => {
  it('a 10 000-long chain of stored entities gives a SchemaError or the data, never a RangeError', async () => {
    const { Entity, SchemaError } = await import('../../src/core/schema/index.js');
    class Link extends Entity {
      id = 0;
      static override key = 'Link';
      static override schema: Record<string, unknown> = {};
    }
    Link.schema = { next: Link };
    const store = new MemoryStore();
    const table = new Map<string, unknown>();
    for (let i = 0; i < 10_000; i++) table.set(String(i), i === 9_999 ? { id: i } : { id: i, next: String(i + 1) });
    store.entities.set('Link', table);
    let error: unknown;
    let value: unknown;
    try {
      value = denormalizeCached(Link, '0', [], store, new DenormalizeCache());
    } catch (e) {
      error = e;
    }
    if (error) {
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as Error).message).toMatch(/Link/);
    } else {
      expect((value as Link).id).toBe(0);
      // the chain is deeper than the entity depth limit: data-client's console.error (entity-depth-limit)
      expect(vi.mocked(console.error).mock.calls.map(c => String(c[0]).split(':')[0])).toEqual(['Entity depth limit of 64 reached for "Link" entity']);
      vi.mocked(console.error).mockClear();
    }
  });
});
