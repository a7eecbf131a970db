import { describe, expect, it } from 'vitest';
import { All, DenormalizeCache, Entity, Query, denormalize, denormalizeCached, normalize } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Person, Post, Todo, User } from './fixtures.js';

const Posts = { posts: [Post] };

function postsStore() {
  const store = new MemoryStore();
  const result = store.write(Posts, {
    posts: [
      { id: 1, title: 'one', author: { id: 10, name: 'Ann' } },
      { id: 2, title: 'two', author: { id: 11, name: 'Bob' } },
    ],
  });
  return { store, result };
}

describe('denormalizeCached: whole-call memo of an object input', () => {
  it('an unchanged input gives the same output object, and the hit reads every entity it shows', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    const a = denormalizeCached(Posts, result, [], store, cache);
    store.reads = [];
    const b = denormalizeCached(Posts, result, [], store, cache);
    expect(b).toBe(a);
    const read = store.reads.map(([k, pk]) => `${k}:${pk}`).sort();
    expect(read).toEqual(['Post:1', 'Post:2', 'User:10', 'User:11']);
  });

  it('a changed entity gives a new output; entities that did not change keep their objects', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    const a = denormalizeCached(Posts, result, [], store, cache) as { posts: Post[] };
    store.write(User, { id: 11, name: 'Bobby' }, [], 2);
    const b = denormalizeCached(Posts, result, [], store, cache) as { posts: Post[] };
    expect(b).not.toBe(a);
    expect(b.posts[0]).toBe(a.posts[0]);
    expect(b.posts[1]).not.toBe(a.posts[1]);
    expect(b.posts[1]!.author.name).toBe('Bobby');
    expect(denormalizeCached(Posts, result, [], store, cache)).toBe(b);
  });

  it('one input keeps whole-call entries for at most four schemas (an inline schema is a new object each call)', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    const schemas = Array.from({ length: 5 }, () => ({ posts: [Post] }));
    const first = denormalizeCached(schemas[0], result, [], store, cache);
    for (const schema of schemas.slice(1, 4)) denormalizeCached(schema, result, [], store, cache);
    expect(denormalizeCached(schemas[0], result, [], store, cache)).toBe(first);
    // a fifth schema pushes out the oldest entry: the first schema's call is built again
    denormalizeCached(schemas[4], result, [], store, cache);
    const again = denormalizeCached(schemas[0], result, [], store, cache) as { posts: Post[] };
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    // the entities inside are still the memoized objects
    expect(again.posts[0]).toBe((first as { posts: Post[] }).posts[0]);
  });

  it('an entity that disappears or is invalidated is dropped from the memoized list', () => {
    const store = new MemoryStore();
    const result = store.write([Todo], [{ id: 1 }, { id: 2 }]);
    const cache = new DenormalizeCache();
    expect(denormalizeCached([Todo], result, [], store, cache)).toHaveLength(2);
    store.entities.get('Todo')!.delete('2');
    expect(denormalizeCached([Todo], result, [], store, cache)).toHaveLength(1);
  });

  it('a schema that reads the arguments is memoized per arguments', () => {
    const store = new MemoryStore();
    const result = store.write([Todo], [{ id: 1, userId: 1 }, { id: 2, userId: 2 }]);
    const cache = new DenormalizeCache();
    const mine = new Query(new All(Todo), (todos: Todo[], { userId }: { userId: number }) => todos.filter(t => t.userId === userId));
    const one = { userId: 1 };
    const a = denormalizeCached(mine, result, [one], store, cache) as Todo[];
    expect(a.map(t => t.id)).toEqual([1]);
    expect(denormalizeCached(mine, result, [one], store, cache)).toBe(a);
    expect((denormalizeCached(mine, result, [{ userId: 2 }], store, cache) as Todo[]).map(t => t.id)).toEqual([2]);
  });

  it('a schema that does not read the arguments shares its memo across arguments', () => {
    const { store, result } = postsStore();
    const cache = new DenormalizeCache();
    const a = denormalizeCached(Posts, result, [{ page: 1 }], store, cache);
    expect(denormalizeCached(Posts, result, [{ page: 2 }], store, cache)).toBe(a);
  });

  it('a cycle reached from a list is memoized with every member as a dep', () => {
    const store = new MemoryStore();
    const result = store.write([Person], [{ id: 'a', friends: [{ id: 'b', friends: [{ id: 'a' }] }] }]);
    const cache = new DenormalizeCache();
    const a = denormalizeCached([Person], result, [], store, cache) as Person[];
    expect(a[0]!.friends[0]!.friends[0]).toBe(a[0]);
    store.write(Person, { id: 'b', name: 'B2' }, [], 2);
    const b = denormalizeCached([Person], result, [], store, cache) as Person[];
    expect(b).not.toBe(a);
    expect(b[0]!.friends[0]!.name).toBe('B2');
    expect(b[0]!.friends[0]!.friends[0]).toBe(b[0]);
  });
});

describe('building entity instances', () => {
  it('a stored field named like a prototype accessor is an own field; the setter never runs', () => {
    let setterRan = 0;
    class Account extends Entity {
      id = 0;
      first = '';
      get label(): string {
        return `#${this.first}`;
      }
      set label(_v: string) {
        setterRan++;
      }
      get fullName(): string {
        return this.first;
      }
      static override key = 'Account';
    }
    const { result, entities } = normalize(Account, { id: 1, first: 'x', label: 'stored', fullName: 'F' });
    const acc = denormalize(Account, result, entities) as Account;
    expect(setterRan).toBe(0);
    expect(Object.getOwnPropertyDescriptor(acc, 'label')!.value).toBe('stored');
    expect(Object.getOwnPropertyDescriptor(acc, 'fullName')!.value).toBe('F');
    const plain = denormalize(Account, normalize(Account, { id: 2, first: 'y' }).result, normalize(Account, { id: 2, first: 'y' }).entities) as Account;
    expect(plain.label).toBe('#y');
    expect(Account.fromJS({ label: 'z' }).label).toBe('z');
    expect(setterRan).toBe(0);
  });

  it('stored fields follow the class defaults in order; fields the class lacks are own data fields', () => {
    const { result, entities } = normalize(User, { extra: 1, name: 'n', id: 3, pk: 'shadow' });
    const u = denormalize(User, result, entities) as User;
    expect(Object.keys(u)).toEqual(['id', 'name', 'username', 'extra', 'pk']);
    expect(Object.getOwnPropertyDescriptor(u, 'pk')).toEqual({ value: 'shadow', writable: true, enumerable: true, configurable: true });
  });

  it('symbol-keyed fields are copied whether or not a hazard key is present', () => {
    const tag = Symbol('tag');
    expect((User.fromJS({ [tag]: 1 } as Record<string, unknown>) as unknown as Record<symbol, unknown>)[tag]).toBe(1);
    const hostile = Object.assign(JSON.parse('{"__proto__": 1}') as object, { [tag]: 2 });
    const u = User.fromJS(hostile as Record<string, unknown>) as unknown as Record<symbol, unknown>;
    expect(u[tag]).toBe(2);
    expect(Object.getPrototypeOf(u)).toBe(User.prototype);
  });

  it('fromJS with a __proto__ prop keeps the prototype', () => {
    const u = User.fromJS(JSON.parse('{"id": 1, "__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(u)).toBe(User.prototype);
    expect(Object.getOwnPropertyDescriptor(u, '__proto__')!.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
