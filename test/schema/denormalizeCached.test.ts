import { describe, expect, it } from 'vitest';
import { All, DenormalizeCache, denormalizeCached, Entity, INVALID, queryKey, type DenormalizeReader } from '../../src/core/index.js';

class User extends Entity {
  id = '';
  name = '';
}
class Comment extends Entity {
  id = '';
  text = '';
  user = User.fromJS();
  static override schema = { user: User };
}
class Article extends Entity {
  id = '';
  title = '';
  author = User.fromJS();
  comments: Comment[] = [];
  static override schema = { author: User, comments: [Comment] };
}

type Tables = Record<string, Record<string, unknown>>;
const own = (o: object | undefined, k: string): unknown => (o && Object.prototype.hasOwnProperty.call(o, k) ? (o as Record<string, unknown>)[k] : undefined);
/** Plain entity tables as `normalize` returns them, read as a store would be. */
const readerOf = (tables: Tables): DenormalizeReader => ({
  getEntity: (key, pk) => own(own(tables, key) as object | undefined, pk),
  getPks: key => Object.keys(tables[key] ?? {}).filter(pk => tables[key][pk] !== INVALID),
  getIndex: () => undefined,
});

const tables: Tables = {
  User: { u1: { id: 'u1', name: 'Ann' }, u2: { id: 'u2', name: 'Bob' } },
  Comment: { c1: { id: 'c1', text: 'hi', user: 'u2' } },
  Article: { a1: { id: 'a1', title: 'One', author: 'u1', comments: ['c1'] }, a2: { id: 'a2', title: 'Two', author: 'u1', comments: [] } },
};

describe('denormalizeCached (data-client MemoCache semantics over a plain reader)', () => {
  it('gives the same objects while nothing they read changed', () => {
    const cache = new DenormalizeCache();
    const ids = ['a1', 'a2'];
    const first = denormalizeCached([Article], ids, [], readerOf(tables), cache) as Article[];
    const second = denormalizeCached([Article], ids, [], readerOf({ ...tables }), cache) as Article[];
    expect(first).toBeInstanceOf(Array);
    expect(first[0]).toBeInstanceOf(Article);
    expect(first[0].comments[0].user.name).toBe('Bob');
    expect(second).toBe(first);
    // another input array: another output, equal, with the same entities
    const third = denormalizeCached([Article], [...ids], [], readerOf(tables), cache) as Article[];
    expect(third).not.toBe(first);
    expect(third[0]).toBe(first[0]);
  });

  it('rebuilds what reads a changed nested entity, and only that', () => {
    const cache = new DenormalizeCache();
    const ids = ['a1', 'a2'];
    const first = denormalizeCached([Article], ids, [], readerOf(tables), cache) as Article[];
    const changed = { ...tables, User: { ...tables.User, u2: { id: 'u2', name: 'Bobby' } } };
    const next = denormalizeCached([Article], ids, [], readerOf(changed), cache) as Article[];
    expect(next).not.toBe(first);
    expect(next[0]).not.toBe(first[0]);
    expect(next[0].comments[0].user.name).toBe('Bobby');
    expect(next[0].author).toBe(first[0].author);
    expect(next[1]).toBe(first[1]);
  });

  it('rebuilds an entity whose missing nested entity appears', () => {
    const cache = new DenormalizeCache();
    const result = { data: 'a1' };
    const empty = { ...tables, User: {} };
    const first = denormalizeCached({ data: Article }, result, [], readerOf(empty), cache) as { data: Article };
    expect(first.data.author).toBeUndefined();
    expect(denormalizeCached({ data: Article }, result, [], readerOf(empty), cache)).toBe(first);
    const filled = denormalizeCached({ data: Article }, result, [], readerOf(tables), cache) as { data: Article };
    expect(filled).not.toBe(first);
    expect(filled.data.author.name).toBe('Ann');
  });

  it('reads a deleted entity as INVALID by default, as undefined with deleted: "missing"', () => {
    const deleted = { ...tables, Article: { ...tables.Article, a1: INVALID } };
    expect(denormalizeCached(Article, 'a1', [], readerOf(deleted), new DenormalizeCache())).toBe(INVALID);
    expect(denormalizeCached(Article, 'a1', [], readerOf(deleted), new DenormalizeCache({ deleted: 'missing' }))).toBeUndefined();
  });

  it('answers an All through its query key, and a cycle without looping', () => {
    const cache = new DenormalizeCache();
    const all = new All(User);
    const read = (t: Tables) => denormalizeCached(all, queryKey(all, [], readerOf(t)), [], readerOf(t), cache) as User[];
    const first = read(tables);
    expect(first.map(u => u.name)).toEqual(['Ann', 'Bob']);
    const more = { ...tables, User: { ...tables.User, u3: { id: 'u3', name: 'Cy' } } };
    const next = read(more);
    expect(next.map(u => u.name)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(next[0]).toBe(first[0]);

    class Node extends Entity {
      id = '';
      next: Node | undefined = undefined;
      static override schema: Record<string, unknown> = {};
    }
    Node.schema = { next: Node };
    const ring = { Node: { n1: { id: 'n1', next: 'n2' }, n2: { id: 'n2', next: 'n1' } } };
    const loopCache = new DenormalizeCache();
    const n1 = denormalizeCached(Node, 'n1', [], readerOf(ring), loopCache) as Node;
    expect(n1.next?.next).toBe(n1);
    expect(denormalizeCached(Node, 'n1', [], readerOf(ring), loopCache)).toBe(n1);
  });
});
