// membersOf over client.cache of a list follows the list's membership only (the stored result,
// the stored Collection, which rows of the listed types exist): an update of a listed entity's
// fields re-runs nothing of the list. The per-entry work is counted through the item class's
// `denormalize` (every entry a list view visits calls it, cache hit or not), so these tests fail
// on a membersOf that watches the whole list and compares it entry by entry.
import { computed, effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Entity, GCPolicy, membersOf, resource, RestEndpoint, schema, type DataClient } from '../../src/core/index.js';
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
}

/** The same shape, counting the entries a list view visits (a custom `denormalize`: not on the fast path). */
class Counted extends Entity {
  id = '';
  title = '';
  static override key = 'Counted';
  static override denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    visits++;
    return super.denormalize(input, d);
  }
}

const authorOf = (i: number) => ({ id: `u${i % 10}`, name: `author ${i % 10}` });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `a${i}`, title: `title ${i}`, author: authorOf(i) }));

let server: TestServer;
let client: DataClient;
beforeEach(async () => {
  server = await createTestServer();
  server.resource('/articles', rows(300));
  client = makeClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

/** Watches `sig` with an effect; counts its runs and keeps the last value. */
function watch<T>(sig: { readonly value: T }): { runs: () => number; last: () => T; stop: () => void } {
  let runs = 0;
  let last!: T;
  const stop = effect(() => {
    last = sig.value;
    runs++;
  });
  return { runs: () => runs, last: () => last, stop };
}

/** How many entities Entity's `denormalize` builds or revalidates for `Article` while `fn` runs. */
function countDenormalize(fn: () => void): number {
  const orig = Article.denormalize;
  let n = 0;
  Article.denormalize = function (this: typeof Article, input: unknown, d: DenormalizeDelegate) {
    n++;
    return orig.call(this, input, d);
  };
  try {
    fn();
  } finally {
    Article.denormalize = orig;
  }
  return n;
}

describe('membersOf over client.cache: membership only', () => {
  it('an entity update re-runs no list work and keeps the array; a row view still follows it', async () => {
    const getArticles = new RestEndpoint({ urlPrefix: server.url, path: '/articles', schema: [Article] });
    const getArticle = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    await client.controller.fetch(getArticles);
    const members = membersOf(client.cache(getArticles));
    let computes = 0;
    // counts every computation of the membership view (a computed re-runs when a source changed)
    const counted = computed(() => {
      computes++;
      return members.value;
    });
    const list = watch(counted);
    const row = watch(client.query(Article, 'a7'));
    const first = list.last();
    expect(first).toHaveLength(300);
    computes = 0;
    // the membership view's own entity reads (Entity's denormalize) are counted: none per entry
    const perEntry = countDenormalize(() => {
      client.controller.setResponse(getArticle, { id: 'a7' }, { id: 'a7', title: 'edited', author: authorOf(7) });
      client.controller.setResponse(getArticle, { id: 'a8' }, { id: 'a8', title: 'edited too', author: { id: 'u8', name: 'renamed' } });
    });
    expect(computes).toBe(0);
    expect(list.runs()).toBe(1);
    expect(list.last()).toBe(first);
    expect(row.last()?.title).toBe('edited');
    // only the watched row re-ran (a7 once); no range of the list was rebuilt
    expect(perEntry).toBeLessThanOrEqual(2);

    // a row removed from the store leaves the list
    client.controller.setResponse(new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', method: 'DELETE', schema: new schema.Invalidate(Article) }), { id: 'a3' }, { id: 'a3' });
    expect(list.last()).toHaveLength(299);
    expect(list.last()!.map(a => a.id)).not.toContain('a3');
    // after a membership change every entry is the entity as it is now
    expect(list.last()!.find(a => a.id === 'a7')?.title).toBe('edited');
    expect(list.last()!.find(a => a.id === 'a8')?.author.name).toBe('renamed');
    // a refetch brings a3 back (the server still lists it)
    await client.controller.fetch(getArticles);
    expect(list.last()!.map(a => a.id)).toEqual(rows(300).map(a => a.id));
    list.stop();
    row.stop();
    expect(client.stats().watchedViews).toBe(0);
  });

  it('a resource getList (a Collection): entity updates are free, push / remove / refetch change it', async () => {
    const Articles = resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    await client.controller.fetch(Articles.getList);
    let computes = 0;
    const members = membersOf(client.cache(Articles.getList));
    const list = watch(
      computed(() => {
        computes++;
        return members.value;
      }),
    );
    const first = list.last()!;
    expect(first).toHaveLength(300);
    computes = 0;
    const perEntry = countDenormalize(() => {
      client.controller.setResponse(Articles.get, { id: 'a42' }, { id: 'a42', title: 'edited', author: authorOf(42) });
    });
    expect(computes).toBe(0);
    expect(perEntry).toBe(0);
    expect(list.last()).toBe(first);

    await client.controller.fetch(Articles.getList.push, { title: 'pushed', author: Object.assign(Author.fromJS(), authorOf(1)) });
    expect(list.last()).toHaveLength(301);
    expect(list.last()![300]!.title).toBe('pushed');
    expect(list.last()![42]!.title).toBe('edited');
    await client.controller.fetch(Articles.delete, { id: 'a0' });
    expect(list.last()).toHaveLength(300);
    expect(list.last()!.map(a => a.id)).not.toContain('a0');
    const ids = list.last()!.map(a => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    list.stop();
  });

  it('a page object { results, cursor } follows its cursor and its list', async () => {
    const page = new RestEndpoint({ urlPrefix: server.url, path: '/pages/:n', schema: { results: [Article] } });
    const getArticle = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    client.controller.setResponse(page, { n: '1' }, { results: rows(100), cursor: 'x' });
    const list = watch(membersOf(client.cache(page, { n: '1' })));
    const first = list.last()!;
    const perEntry = countDenormalize(() => client.controller.setResponse(getArticle, { id: 'a1' }, { id: 'a1', title: 'edited', author: authorOf(1) }));
    expect(perEntry).toBe(0);
    expect(list.last()).toBe(first);
    client.controller.setResponse(page, { n: '1' }, { results: rows(100), cursor: 'y' });
    expect(list.runs()).toBe(2);
    expect((list.last() as unknown as { cursor: string }).cursor).toBe('y');
    list.stop();
  });

  it('an item class with its own denormalize is followed entry by entry, as before', () => {
    const getCounted = new RestEndpoint({ urlPrefix: server.url, path: '/counted', schema: [Counted] });
    const getOne = new RestEndpoint({ urlPrefix: server.url, path: '/counted/:id', schema: Counted });
    client.controller.setResponse(getCounted, {}, rows(100).map(({ id, title }) => ({ id, title })));
    const list = watch(membersOf(client.cache(getCounted)));
    const first = list.last();
    visits = 0;
    client.controller.setResponse(getOne, { id: 'a1' }, { id: 'a1', title: 'edited' });
    // the slow path: the list's range re-runs, and the array is kept after the identity pass
    expect(visits).toBeGreaterThan(0);
    expect(list.last()).toBe(first);
    list.stop();
  });

  it('the GC keeps the listed entities while the membership view is watched, and frees them after', async () => {
    const gc = new GCPolicy({ expiryMultiplier: 0 });
    const c = makeClient({ gcPolicy: gc });
    try {
      const getArticles = new RestEndpoint({ urlPrefix: server.url, path: '/articles', schema: [Article] });
      await c.controller.fetch(getArticles);
      const list = watch(membersOf(c.cache(getArticles)));
      const later = Date.now() + 3_600_000;
      expect(gc.sweep(later).entities).toBe(0);
      expect(list.last()).toHaveLength(300);
      expect(contextOf(c.controller).store.entities.size).toBe(310);
      list.stop();
      expect(gc.sweep(later).entities).toBe(310);
    } finally {
      c.destroy();
    }
  });
});

describe('membersOf over client.suspense: membership only, still fetching', () => {
  it('loads the list, costs nothing on an entity update, refetches after invalidation', async () => {
    const getArticles = new RestEndpoint({ urlPrefix: server.url, path: '/articles', schema: [Article] });
    const getArticle = new RestEndpoint({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const members = membersOf(client.suspense(getArticles));
    let pending = 0;
    let shown: Article[] | undefined;
    const stop = effect(() => {
      try {
        shown = members.value;
      } catch (thrown) {
        if (typeof (thrown as PromiseLike<unknown>).then !== 'function') throw thrown;
        pending++;
      }
    });
    // watching the membership alone started the fetch
    expect(pending).toBe(1);
    await vi.waitFor(() => expect(shown).toHaveLength(300));
    const first = shown;
    const work = countDenormalize(() => {
      client.controller.setResponse(getArticle, { id: 'a7' }, { id: 'a7', title: 'edited', author: authorOf(7) });
    });
    expect(work).toBe(0);
    expect(shown).toBe(first);
    const requests = server.requests.length;
    client.controller.invalidate(getArticles);
    await vi.waitFor(() => expect(server.requests.length).toBe(requests + 1));
    // the refetched list holds the same members: the same array; its entities are the server's
    await vi.waitFor(() => expect(client.query(Article, 'a7').value?.title).toBe('title 7'));
    expect(shown).toBe(first);
    stop();
    expect(client.stats().watchedViews).toBe(0);
  });
});
