// @vitest-environment jsdom
// useMembers over the resource of useSuspense / the accessor of useCache of a list: a store watch of
// its own follows the list's membership (`membersOf`), so an update of one listed entity re-runs its
// row only and visits no other entry; the accessor given keeps following every update. The work is counted through Article's `denormalize` (every entry
// a list view visits calls it) and the watched store views, on real components against the loopback server.
import { For, Suspense, type Accessor } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useCache, useEntity, useMembers, useSuspense } from '../../../src/adapters/solid/index.js';
import type { TestServer, MemoryResource } from '../../server/createTestServer.js';
import { Article, type ArticleApi, type DataClient, articleServer, requestsTo, reseed, until, watcherCount } from './fixtures.js';
import { renderWith } from './harness.js';

type DenormalizeArgs = Parameters<typeof Article.denormalize>;

const ROWS = 300;
let server: TestServer;
let api: ArticleApi;
let articles: MemoryResource;
let client: DataClient | undefined;
beforeAll(async () => ({ server, api, articles } = await articleServer(ROWS)));
afterEach(() => {
  client?.destroy();
  client = undefined;
  reseed(articles, ROWS);
  server.requests.length = 0;
});
afterAll(() => server.close());

/** How many times Entity's `denormalize` runs for Article while `fn` runs. */
async function countDenormalize(fn: () => unknown): Promise<number> {
  let n = 0;
  const own = Object.getOwnPropertyDescriptor(Article, 'denormalize');
  const orig = Article.denormalize;
  Article.denormalize = function (this: typeof Article, ...args: DenormalizeArgs) {
    n++;
    return orig.apply(this, args);
  } as typeof Article.denormalize;
  try {
    await fn();
  } finally {
    if (own) Object.defineProperty(Article, 'denormalize', own);
    else delete (Article as { denormalize?: unknown }).denormalize;
  }
  return n;
}

function mount(source: 'suspense' | 'cache') {
  const c = (client = createDataClient());
  const seen: { list?: Accessor<Article[] | undefined>; listRuns: number; rowRuns: number } = { listRuns: 0, rowRuns: 0 };
  function Row(props: { article: Article }) {
    const article = useEntity(() => props.article);
    return <li data-id={props.article.id}>{(seen.rowRuns++, article().title)}</li>;
  }
  function List() {
    const list = useMembers(source === 'suspense' ? useSuspense(api.getList) : useCache(api.getList));
    seen.list = list;
    return (
      <ul>
        <For each={(seen.listRuns++, list())}>{article => <Row article={article} />}</For>
      </ul>
    );
  }
  const r = renderWith(
    () => (
      <Suspense fallback="loading">
        <List />
      </Suspense>
    ),
    c,
  );
  return { r, seen, client: c };
}

describe('useMembers over useSuspense / useCache (Solid): an entity update costs its row, not the list', () => {
  it('useSuspense: one entity updated denormalizes that row only; the array and the list stay', async () => {
    const { r, seen, client } = mount('suspense');
    await r.findByText(`Article ${ROWS}`);
    // one store view per row (its useEntity), and the list's own view: useMembers leaves it to its
    // other readers (a heading, a total) and follows membership in a subscription of its own
    expect(client.stats().watchedViews).toBe(ROWS + 1);
    const before = seen.list!();
    const listRuns = seen.listRuns;
    seen.rowRuns = 0;

    const work = await countDenormalize(() => client.controller.setResponse(api.get, { id: 150 }, { id: 150, title: 'One-fifty, local', body: '' }));
    expect(await r.findByText('One-fifty, local')).toBeTruthy();
    // the changed entity is denormalized for its row and for the list's own view (still live for
    // its other readers), and no other entry: the cost does not grow with the list
    expect(work).toBe(2);
    expect(seen.list!()).toBe(before);
    expect(seen.listRuns).toBe(listRuns);
    expect(seen.rowRuns).toBe(1);

    const replied = await countDenormalize(() => client.controller.fetch(api.partialUpdate, { id: 151 }, { title: 'One-fifty-one, patched' }));
    expect(await r.findByText('One-fifty-one, patched')).toBeTruthy();
    // the reply the mutation resolves to, its row, and the list's own view (still live for its other readers)
    expect(replied).toBeLessThanOrEqual(3);
    expect(seen.list!()).toBe(before);
    expect(seen.listRuns).toBe(listRuns);

    // membership changes: a new array, the list re-runs, no duplicate rows
    await client.controller.fetch(api.getList.push, { title: 'New one', body: '' });
    expect(await r.findByText('New one')).toBeTruthy();
    expect(seen.list!()).not.toBe(before);
    expect(seen.listRuns).toBeGreaterThan(listRuns);
    await client.controller.fetch(api.delete, { id: 3 });
    await until(() => r.container.querySelectorAll('li').length === ROWS);
    const ids = [...r.container.querySelectorAll('li')].map(li => li.getAttribute('data-id'));
    expect(ids).not.toContain('3');
    expect(new Set(ids).size).toBe(ids.length);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('useSuspense: invalidating the list still refetches it while only its membership is watched', async () => {
    const { r, client } = mount('suspense');
    await r.findByText(`Article ${ROWS}`);
    expect(requestsTo(server, '/articles')).toBe(1);
    articles.items.set('9999', { id: 9999, title: 'Added on the server', body: '' });
    client.controller.invalidate(api.getList);
    expect(await r.findByText('Added on the server')).toBeTruthy();
    expect(requestsTo(server, '/articles')).toBe(2);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('useCache: one entity updated denormalizes that row only; the array stays', async () => {
    const { r, seen, client: mounted } = mount('cache');
    // useCache never fetches: the list comes in through the controller
    await mounted.controller.fetch(api.getList);
    await r.findByText(`Article ${ROWS}`);
    expect(mounted.stats().watchedViews).toBe(ROWS + 1);
    const before = seen.list!();
    const work = await countDenormalize(() => mounted.controller.setResponse(api.get, { id: 20 }, { id: 20, title: 'Twenty, local', body: '' }));
    expect(await r.findByText('Twenty, local')).toBeTruthy();
    // the changed entity is denormalized for its row and for the list's own view (still live for
    // its other readers), and no other entry: the cost does not grow with the list
    expect(work).toBe(2);
    expect(seen.list!()).toBe(before);
    r.unmount();
    expect(watcherCount(mounted)).toBe(0);
  });
});
