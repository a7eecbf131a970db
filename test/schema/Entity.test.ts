import { describe, expect, it } from 'vitest';
import { Entity, SchemaError, normalize, denormalize } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Post, User } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

describe('Entity', () => {
  it('normalizes nested entities into their tables and returns the pk', () => {
    const { result, entities } = normalize(Post, {
      id: 1,
      title: 'Hello',
      author: { id: 7, name: 'Ann' },
      createdAt: '2024-01-02T00:00:00.000Z',
    });
    expect(result).toBe('1');
    expect(entities.Post!['1']).toEqual({ id: 1, title: 'Hello', author: '7', createdAt: '2024-01-02T00:00:00.000Z' });
    expect(entities.User!['7']).toEqual({ id: 7, name: 'Ann' });
  });

  it('denormalizes to class instances with defaults, nested instances and value transforms', () => {
    const { result, entities } = normalize(Post, { id: 1, author: { id: 7, name: 'Ann' }, createdAt: '2024-01-02T00:00:00.000Z' });
    const post = denormalize(Post, result, entities) as Post;
    expect(post).toBeInstanceOf(Post);
    expect(post.title).toBe('');
    expect(post.author).toBeInstanceOf(User);
    expect(post.author.name).toBe('Ann');
    expect(post.author.username).toBe('');
    expect(post.createdAt).toBeInstanceOf(Date);
    expect(post.createdAt.getTime()).toBe(Date.UTC(2024, 0, 2));
    expect(post.pk()).toBe(1);
  });

  it('supports a pk() override combining two fields', () => {
    class Membership extends Entity {
      groupId = '';
      userId = '';
      override pk() {
        return `${this.groupId}:${this.userId}`;
      }
      static override key = 'Membership';
    }
    const { result, entities } = normalize([Membership], [{ groupId: 'g', userId: 'u' }]);
    expect(result).toEqual(['g:u']);
    expect(Object.keys(entities.Membership!)).toEqual(['g:u']);
    expect(Membership.pk({ groupId: 'a', userId: 'b' })).toBe('a:b');
  });

  it('uses process() to rename fields before computing the pk', () => {
    class Repo extends Entity {
      id = 0;
      fullName = '';
      static override key = 'Repo';
      static override process(input: unknown) {
        const { full_name, ...rest } = input as { full_name: string };
        return { ...rest, fullName: full_name };
      }
    }
    const { result, entities } = normalize(Repo, { id: 3, full_name: 'a/b' });
    expect(result).toBe('3');
    expect(entities.Repo!['3']).toEqual({ id: 3, fullName: 'a/b' });
    expect((denormalize(Repo, result, entities) as Repo).fullName).toBe('a/b');
  });

  it('merges copies of one entity within a reply (later fields win)', () => {
    const { entities } = normalize([User], [{ id: 1, name: 'A' }, { id: 1, username: 'a' }]);
    expect(entities.User!['1']).toEqual({ id: 1, name: 'A', username: 'a' });
  });

  describe('mergeWithStore ordering', () => {
    it('a newer reply overwrites fields', () => {
      const store = new MemoryStore();
      store.write(User, { id: 1, name: 'old', username: 'x' }, [], 10);
      store.write(User, { id: 1, name: 'new' }, [], 20);
      expect(store.entities.get('User')!.get('1')).toEqual({ id: 1, name: 'new', username: 'x' });
      expect(store.metas.get('User')!.get('1')!.date).toBe(20);
    });

    it('an older reply never overwrites newer data, but fills missing fields', () => {
      const store = new MemoryStore();
      store.write(User, { id: 1, name: 'new' }, [], 20);
      store.write(User, { id: 1, name: 'old', username: 'x' }, [], 10);
      expect(store.entities.get('User')!.get('1')).toEqual({ id: 1, name: 'new', username: 'x' });
      expect(store.metas.get('User')!.get('1')!.date).toBe(20);
    });
  });

  it('rejects a reply without a usable pk, naming the entity and showing the value', () => {
    expect(() => normalize(User, { name: 'no id' })).toThrow(SchemaError);
    expect(() => normalize(User, { name: 'no id' })).toThrow(/^User: reply has no usable primary key .*; got \{"name":"no id"\}$/);
    expect(() => normalize([User], [{ id: 1 }, { id: '' }])).toThrow(/User/);
  });

  it('cuts a huge offending value in the message', () => {
    try {
      normalize(User, { name: 'x'.repeat(50_000) });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message.length).toBeLessThan(2500);
      expect((e as SchemaError).schemaKey).toBe('User');
    }
  });

  it('rejects a value that validate() refuses', () => {
    class Price extends Entity {
      id = 0;
      amount = 0;
      static override key = 'Price';
      static override validate(p: Record<string, unknown>) {
        return typeof p.amount === 'number' ? undefined : 'amount must be a number';
      }
    }
    // the pure normalize throws validate()'s own message, as data-client; the store path names the entity
    expect(() => normalize(Price, { id: 1, amount: '3' })).toThrow(/^amount must be a number$/);
    expect(() => new MemoryStore().write(Price, { id: 1, amount: '3' }, [], 1)).toThrow(/^Price: amount must be a number; got/);
    expect(normalize(Price, { id: 1, amount: 3 }).result).toBe('1');
  });

  it('fromJS builds an instance with defaults and the given fields', () => {
    const u = User.fromJS({ name: 'Ann' });
    expect(u).toBeInstanceOf(User);
    expect(u.name).toBe('Ann');
    expect(u.id).toBe(0);
  });

  it('a nested field pointing at a missing entity reads as undefined; a pk is stored as its string', () => {
    const store = new MemoryStore();
    store.write(Post, { id: 1, author: 99 });
    expect(store.entities.get('Post')!.get('1')).toEqual({ id: 1, author: '99' });
    const post = denormalizeReader(Post, '1', store, []) as Post;
    expect(post.author).toBeUndefined();
  });

  it('an entity class without a static key is keyed by its name; a minified name is a TypeError asking for static key', () => {
    class Nameless extends Entity {
      id = 0;
    }
    expect(Object.keys(normalize(Nameless, { id: 1 }).entities)).toEqual(['Nameless']);
    const minified = { t: class extends Entity {} }.t;
    expect(() => normalize(minified, { id: 1 })).toThrow(TypeError);
    expect(() => normalize(minified, { id: 1 })).toThrow(/"t".*static key/);
  });
});
