// Long lists read by views are built from cells over ranges of entries: one entity update
// re-runs the range showing it, not every entry of the list. The per-entry work is counted
// through the item class's `denormalize` (every entry visited calls it, cache hit or not), so
// these tests fail on a store that re-walks whole lists. Every view is also checked against the
// untracked one-pass read of the same response, entry by entry (same objects).
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Entity, resource, RestEndpoint, schema, type DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { makeClient } from '../client/fixtures.js';

type DenormalizeDelegate = Parameters<typeof Entity.denormalize>[1];

let visits = 0;

class Author extends Entity {
  id = '';
  name = '';
  static override key = 'Author';
}

class Article extends Entity {
  id = '';
  title = '';
  author = Author.fromJS();
  static override key = 'Article';
  static override schema = { author: Author };
  static override denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    visits++;
    return super.denormalize(input, d);
  }
}

const N = 10_000;
const authorOf = (i: number) => ({ id: `u${i % 100}`, name: `author ${i % 100}` });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `a${i}`, title: `title ${i}`, author: authorOf(i) }));

let server: TestServer;
let client: DataClient;
beforeEach(async () => {
  server = await createTestServer();
  server.resource('/articles', rows(200));
  client = makeClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

function endpoints() {
  const getArticle = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
  const getArticles = new RestEndpoint({ urlPrefix: server.url, path: '/articles', schema: [Article] });
  return { getArticle, getArticles };
}

/** Watches `read()` with an effect; returns the runs counter and the stop function. */
function watch(read: () => unknown): { runs: () => number; stop: () => void } {
  let runs = 0;
  const stop = effect(() => {
    void read();
    runs++;
  });
  return { runs: () => runs, stop };
}

/** The same response read untracked in one pass must hold the very same entries. */
function expectSameEntries(shown: readonly Article[], oracle: readonly Article[]): void {
  expect(shown.length).toBe(oracle.length);
  for (let i = 0; i < oracle.length; i++) if (shown[i] !== oracle[i]) expect.fail(`entry ${i} differs from the one-pass read`);
}

describe('one entity update in a watched list of 10,000', () => {
  it('visits one range of entries, re-runs the view once and replaces exactly one entry', async () => {
    const { getArticle, getArticles } = endpoints();
    await client.controller.setResponse(getArticles, {}, rows(N));
    const view = client.cache(getArticles);
    const w = watch(() => view.value);
    const before = view.value as Article[];
    expect(before).toHaveLength(N);

    visits = 0;
    await client.controller.setResponse(getArticle, { id: 'a5000' }, { id: 'a5000', title: 'changed', author: authorOf(5000) });
    // a whole-list re-walk visits 10,000 entries; one range of 32 is what the update touches
    expect(visits).toBeLessThanOrEqual(64);
    expect(w.runs()).toBe(2);
    const after = view.value as Article[];
    expect(after).not.toBe(before);
    expect(after[5000]!.title).toBe('changed');
    expect(after[5000]).not.toBe(before[5000]);
    let same = 0;
    for (let i = 0; i < N; i++) if (after[i] === before[i]) same++;
    expect(same).toBe(N - 1);
    expectSameEntries(after, client.controller.getResponse(getArticles, {}).data as Article[]);

    // a write that changes nothing shown re-runs nothing and visits nothing
    visits = 0;
    await client.controller.setResponse(getArticle, { id: 'a5000' }, { id: 'a5000', title: 'changed', author: authorOf(5000) });
    expect(visits).toBe(0);
    expect(w.runs()).toBe(2);
    w.stop();
  });

  it('visits only the changed entry: the other entries of its range come from their cache entries', async () => {
    const { getArticle, getArticles } = endpoints();
    await client.controller.setResponse(getArticles, {}, rows(N));
    const view = client.cache(getArticles);
    const w = watch(() => view.value);
    const before = view.value as Article[];
    for (const id of ['a5000', 'a5003', 'a5000']) {
      visits = 0;
      const runs = w.runs();
      await client.controller.setResponse(getArticle, { id }, { id, title: `edited ${runs}`, author: authorOf(Number(id.slice(1))) });
      expect(visits).toBe(1);
      expect(w.runs()).toBe(runs + 1);
    }
    const after = view.value as Article[];
    for (let i = 0; i < N; i++) {
      if (i === 5000 || i === 5003) expect(after[i]).not.toBe(before[i]);
      else if (after[i] !== before[i]) expect.fail(`row ${i} got a new object`);
    }
    expect(after[5000]!.author).toBe(before[5000]!.author);
    expectSameEntries(after, client.controller.getResponse(getArticles, {}).data as Article[]);
    w.stop();
  });

  it('a nested author shown in 100 rows gives those rows (and only those) new objects', async () => {
    const { getArticles } = endpoints();
    const getAuthor = new RestEndpoint({ urlPrefix: server.url, path: '/authors/:id', schema: Author });
    await client.controller.setResponse(getArticles, {}, rows(N));
    const view = client.cache(getArticles);
    const w = watch(() => view.value);
    const before = view.value as Article[];
    visits = 0;
    await client.controller.setResponse(getAuthor, { id: 'u7' }, Object.assign(Author.fromJS(), { id: 'u7', name: 'renamed' }));
    // each of the 100 rows sits in its own range: at most 100 ranges of 32 entries, never all 10,000
    expect(visits).toBeLessThanOrEqual(100 * 32);
    expect(w.runs()).toBe(2);
    const after = view.value as Article[];
    for (let i = 0; i < N; i++) {
      if (i % 100 === 7) {
        expect(after[i]!.author.name).toBe('renamed');
        expect(after[i]).not.toBe(before[i]);
      } else if (after[i] !== before[i]) expect.fail(`row ${i} got a new object`);
    }
    expectSameEntries(after, client.controller.getResponse(getArticles, {}).data as Article[]);
    w.stop();
  });

  it('an entity removed from the store leaves the list (length changes) and comes back when written again', async () => {
    const { getArticle, getArticles } = endpoints();
    const del = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', method: 'DELETE', schema: new schema.Invalidate(Article) });
    await client.controller.setResponse(getArticles, {}, rows(N));
    const view = client.cache(getArticles);
    const w = watch(() => view.value);
    await client.controller.setResponse(del, { id: 'a10' }, { id: 'a10' });
    let list = view.value as Article[];
    expect(list).toHaveLength(N - 1);
    expect(list.some(a => a.id === 'a10')).toBe(false);
    expect(list[10]!.id).toBe('a11');
    expectSameEntries(list, client.controller.getResponse(getArticles, {}).data as Article[]);
    await client.controller.setResponse(getArticle, { id: 'a10' }, { id: 'a10', title: 'back', author: authorOf(10) });
    list = view.value as Article[];
    expect(list).toHaveLength(N);
    expect(list[10]!.title).toBe('back');
    expectSameEntries(list, client.controller.getResponse(getArticles, {}).data as Article[]);
    w.stop();
  });

  it('an unwatched view read after an update shows the update', async () => {
    const { getArticle, getArticles } = endpoints();
    await client.controller.setResponse(getArticles, {}, rows(1000));
    const view = client.cache(getArticles);
    expect((view.value as Article[])[999]!.title).toBe('title 999');
    await client.controller.setResponse(getArticle, { id: 'a999' }, { id: 'a999', title: 'late', author: authorOf(999) });
    expect((view.value as Article[])[999]!.title).toBe('late');
  });

  it('every entity of a watched long list is watched (kept from GC), and none once the view stops', async () => {
    const { getArticles } = endpoints();
    await client.controller.setResponse(getArticles, {}, rows(1000));
    const view = client.cache(getArticles);
    const w = watch(() => view.value);
    const watched = () => {
      let n = 0;
      contextOf(client.controller).store.entities.forEach((_k, _pk, e) => void (e.watched && n++));
      return n;
    };
    expect(watched()).toBe(1000 + 100);
    w.stop();
    expect(watched()).toBe(0);
  });
});

describe('Collections, All and lists inside entities', () => {
  it('a resource getList (a Collection) updates one entry per write, pushes append', async () => {
    server.resource('/articles', rows(N));
    const Articles = resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    await client.controller.fetch(Articles.getList);
    const view = client.cache(Articles.getList);
    const w = watch(() => view.value);
    const before = view.value as Article[];
    expect(before).toHaveLength(N);
    visits = 0;
    await client.controller.setResponse(Articles.get, { id: 'a42' }, { id: 'a42', title: 'edited', author: authorOf(42) });
    expect(visits).toBeLessThanOrEqual(64);
    const after = view.value as Article[];
    expect(after[42]!.title).toBe('edited');
    expect(after.filter((a, i) => a !== before[i])).toHaveLength(1);
    expectSameEntries(after, client.controller.getResponse(Articles.getList).data as Article[]);
    await client.controller.fetch(Articles.getList.push, { id: 'new', title: 'pushed', author: Object.assign(Author.fromJS(), authorOf(1)) });
    const pushed = view.value as Article[];
    expect(pushed).toHaveLength(N + 1);
    expect(pushed[N]!.title).toBe('pushed');
    expectSameEntries(pushed, client.controller.getResponse(Articles.getList).data as Article[]);
    w.stop();
  });

  it('a query of All updates one entry per write', async () => {
    const { getArticle, getArticles } = endpoints();
    await client.controller.setResponse(getArticles, {}, rows(N));
    const all = client.query(new schema.All(Article));
    const w = watch(() => all.value);
    const before = all.value as Article[];
    expect(before).toHaveLength(N);
    visits = 0;
    await client.controller.setResponse(getArticle, { id: 'a3' }, { id: 'a3', title: 'edited', author: authorOf(3) });
    expect(visits).toBeLessThanOrEqual(64);
    const after = all.value as Article[];
    expect(after.find(a => a.id === 'a3')!.title).toBe('edited');
    expect(after.filter((a, i) => a !== before[i])).toHaveLength(1);
    w.stop();
  });

  it('a long list inside an entity, with a cycle back to it, updates one entry per write', async () => {
    class Post extends Entity {
      id = '';
      title = '';
      static override key = 'CyclePost';
      static override denormalize(input: unknown, d: DenormalizeDelegate): unknown {
        visits++;
        return super.denormalize(input, d);
      }
    }
    class Blogger extends Entity {
      id = '';
      posts: Post[] = [];
      static override key = 'Blogger';
      static override schema = { posts: [Post] };
    }
    Post.schema = { owner: Blogger } as never;
    const getBlogger = new RestEndpoint({ urlPrefix: server.url, path: '/bloggers/:id', schema: Blogger });
    const getPost = new RestEndpoint({ urlPrefix: server.url, path: '/cycleposts/:id', schema: Post });
    const posts = Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, title: `t${i}`, owner: 'b1' }));
    await client.controller.setResponse(getBlogger, { id: 'b1' }, { id: 'b1', posts });
    const view = client.cache(getBlogger, { id: 'b1' });
    const w = watch(() => view.value);
    const blogger = view.value as Blogger;
    expect(blogger.posts).toHaveLength(500);
    expect((blogger.posts[3] as unknown as { owner: Blogger }).owner.id).toBe('b1');
    await client.controller.setResponse(getPost, { id: 'p300' }, { id: 'p300', title: 'edited', owner: 'b1' });
    const after = view.value as Blogger;
    expect(after).not.toBe(blogger);
    expect(after.posts.map(p => p.title)).toEqual(posts.map(p => (p.id === 'p300' ? 'edited' : p.title)));
    // the post's owner embeds the changed post: every post of the cycle shows the new state
    expect((after.posts[3] as unknown as { owner: Blogger }).owner.posts[300]!.title).toBe('edited');
    w.stop();
  });

  it('an entity holding a changed long list, checked inside a build (All: no memo of the whole call), is rebuilt as its own class', async () => {
    // the check of the book's memo entry reads its list's cells, and that evaluates the changed
    // range (denormalizing pages) before the book itself is built
    class Page extends Entity {
      id = '';
      text = '';
      static override key = 'Page';
    }
    class Book extends Entity {
      id = '';
      pages: Page[] = [];
      static override key = 'Book';
      static override schema = { pages: [Page] };
    }
    const getBook = new RestEndpoint({ urlPrefix: server.url, path: '/books/:id', schema: Book });
    const getPage = new RestEndpoint({ urlPrefix: server.url, path: '/pages/:id', schema: Page });
    const pages = Array.from({ length: 200 }, (_, i) => ({ id: `p${i}`, text: `t${i}` }));
    await client.controller.setResponse(getBook, { id: 'b' }, { id: 'b', pages });
    const [before] = client.query(new schema.All(Book)).value as Book[];
    expect(before).toBeInstanceOf(Book);
    await client.controller.setResponse(getPage, { id: 'p150' }, { id: 'p150', text: 'edited' });
    // a view made now has no sources to refresh first: its first read finds the stale range
    const [after] = client.query(new schema.All(Book)).value as Book[];
    expect(after).toBeInstanceOf(Book);
    expect(after).not.toBe(before);
    expect(after!.id).toBe('b');
    expect(after!.pages[150]!.text).toBe('edited');
    expect(after!.pages.filter((p, i) => p !== before!.pages[i])).toHaveLength(1);
  });

  it('a long list inside an entity (no cycle) updates one entry per write', async () => {
    class Note extends Entity {
      id = '';
      text = '';
      static override key = 'Note';
      static override denormalize(input: unknown, d: DenormalizeDelegate): unknown {
        visits++;
        return super.denormalize(input, d);
      }
    }
    class Notebook extends Entity {
      id = '';
      notes: Note[] = [];
      static override key = 'Notebook';
      static override schema = { notes: [Note] };
    }
    const getBook = new RestEndpoint({ urlPrefix: server.url, path: '/books/:id', schema: Notebook });
    const getNote = new RestEndpoint({ urlPrefix: server.url, path: '/notes/:id', schema: Note });
    const notes = Array.from({ length: 2000 }, (_, i) => ({ id: `n${i}`, text: `t${i}` }));
    await client.controller.setResponse(getBook, { id: 'b' }, { id: 'b', notes });
    const view = client.cache(getBook, { id: 'b' });
    const w = watch(() => view.value);
    const before = view.value as Notebook;
    visits = 0;
    await client.controller.setResponse(getNote, { id: 'n1500' }, { id: 'n1500', text: 'edited' });
    expect(visits).toBeLessThanOrEqual(64);
    const after = view.value as Notebook;
    expect(after).not.toBe(before);
    expect(after.notes[1500]!.text).toBe('edited');
    expect(after.notes.filter((n, i) => n !== before.notes[i])).toHaveLength(1);
    w.stop();
  });
});

describe('pending optimistic updates', () => {
  it('a long list shows an optimistic edit at once and the server value after the reply', async () => {
    server.resource('/articles', rows(300));
    const Articles = resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article, optimistic: true });
    await client.controller.fetch(Articles.getList);
    const view = client.cache(Articles.getList);
    const w = watch(() => view.value);
    const release = server.next.hold();
    const done = client.controller.fetch(Articles.partialUpdate, { id: 'a150' }, { title: 'optimistic' });
    expect((view.value as Article[])[150]!.title).toBe('optimistic');
    expectSameEntries(view.value as Article[], client.controller.getResponse(Articles.getList).data as Article[]);
    release();
    await done;
    expect((view.value as Article[])[150]!.title).toBe('optimistic');
    expect(client.controller.getResponse(Articles.get, { id: 'a150' }).data?.title).toBe('optimistic');
    w.stop();
  });
});
