// @vitest-environment jsdom
// The fast path for big lists: the list follows membership only (`useMembers`), each row its own
// entity (`useEntity`). Row and list re-runs are counted on real components against the loopback server.
import { For, Suspense, createSignal } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useEntity, useMembers, useSuspense } from '../../../src/adapters/solid/index.js';
import type { TestServer, MemoryResource } from '../../server/createTestServer.js';
import { Article, type ArticleApi, type DataClient, articleServer, reseed, watcherCount } from './fixtures.js';
import { renderWith } from './harness.js';

const ROWS = 200;
let server: TestServer;
let api: ArticleApi;
let articles: MemoryResource;
let client: DataClient | undefined;
beforeAll(async () => ({ server, api, articles } = await articleServer(ROWS)));
afterEach(() => {
  client?.destroy();
  client = undefined;
  reseed(articles, ROWS);
});
afterAll(() => server.close());

function mount(members: boolean) {
  client = createDataClient();
  const rowRuns = new Map<number, number>();
  let listRuns = 0;
  function Row(props: { article: Article }) {
    const article = useEntity(() => props.article);
    return (
      <li data-id={props.article.id}>
        {(rowRuns.set(props.article.id, (rowRuns.get(props.article.id) ?? 0) + 1), article().title)}
      </li>
    );
  }
  function List() {
    const all = useSuspense(api.getList);
    const list = members ? useMembers(all) : all;
    return (
      <ul>
        <For each={(listRuns++, list())}>{article => <Row article={article} />}</For>
      </ul>
    );
  }
  const r = renderWith(() => (
    <Suspense fallback="loading">
      <List />
    </Suspense>
  ), client);
  return { r, rowRuns, listRuns: () => listRuns, client };
}

describe('useMembers + useEntity (Solid)', () => {
  it('a PATCH reply for one of the entities re-renders only its row; the list does not re-run', async () => {
    const { r, rowRuns, listRuns, client } = mount(true);
    await r.findByText(`Article ${ROWS}`);
    expect(r.container.querySelectorAll('li')).toHaveLength(ROWS);
    expect([...rowRuns.values()].every(n => n === 1)).toBe(true);
    rowRuns.clear();
    const before = listRuns();

    await client.controller.fetch(api.partialUpdate, { id: 7 }, { title: 'Seven, patched' });
    expect(await r.findByText('Seven, patched')).toBeTruthy();
    expect([...rowRuns.entries()]).toEqual([[7, 1]]);
    expect(listRuns()).toBe(before);

    // a local write too
    client.controller.setResponse(api.get, { id: 8 }, { id: 8, title: 'Eight, local', body: '' });
    expect(await r.findByText('Eight, local')).toBeTruthy();
    expect([...rowRuns.keys()].sort((a, b) => a - b)).toEqual([7, 8]);
    expect(listRuns()).toBe(before);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('without useMembers the same write re-runs the list (what the fast path saves)', async () => {
    const { r, listRuns, client } = mount(false);
    await r.findByText(`Article ${ROWS}`);
    const before = listRuns();
    await client.controller.fetch(api.partialUpdate, { id: 7 }, { title: 'Seven, patched' });
    expect(await r.findByText('Seven, patched')).toBeTruthy();
    expect(listRuns()).toBeGreaterThan(before);
    r.unmount();
  });

  it('membership changes (added, removed) reach the list, with no duplicate rows', async () => {
    const { r, listRuns, client } = mount(true);
    await r.findByText(`Article ${ROWS}`);
    const before = listRuns();
    await client.controller.fetch(api.getList.push, { title: 'New one', body: '' });
    expect(await r.findByText('New one')).toBeTruthy();
    expect(r.container.querySelectorAll('li')).toHaveLength(ROWS + 1);
    expect(listRuns()).toBeGreaterThan(before);

    await client.controller.fetch(api.delete, { id: 3 });
    await r.findByText(`Article ${ROWS}`);
    const ids = [...r.container.querySelectorAll('li')].map(li => li.getAttribute('data-id'));
    expect(ids).not.toContain('3');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(ROWS);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});

describe('useEntity (Solid): one subscription per row, made on first read', () => {
  it('subscribes nothing until read, follows the entity its prop names now, and releases it on cleanup', async () => {
    client = createDataClient();
    const c = client;
    const [a, b] = await Promise.all([c.controller.fetch(api.get, { id: 1 }), c.controller.fetch(api.get, { id: 2 })]);
    const [current, setCurrent] = createSignal<Article>(a);
    const [read, setRead] = createSignal(false);
    let runs = 0;
    function Row(props: { article: Article }) {
      const shown = useEntity(() => props.article);
      return <li>{read() ? (runs++, shown().title) : 'not read'}</li>;
    }
    const r = renderWith(() => <Row article={current()} />, c);
    expect(c.stats().watchedViews).toBe(0);
    setRead(true);
    expect(r.container.textContent).toBe('Article 1');
    expect(c.stats().watchedViews).toBe(1);

    setCurrent(b);
    expect(r.container.textContent).toBe('Article 2');
    expect(c.stats().watchedViews).toBe(1);
    const before = runs;
    c.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'One, local', body: '' });
    expect(runs).toBe(before);
    c.controller.setResponse(api.get, { id: 2 }, { id: 2, title: 'Two, local', body: '' });
    expect(r.container.textContent).toBe('Two, local');
    expect(runs).toBe(before + 1);
    r.unmount();
    expect(watcherCount(c)).toBe(0);
  });

  it('reads the key of each instance it is given once, however many bindings read the row', async () => {
    client = createDataClient();
    const c = client;
    let keyReads = 0;
    class CountedArticle extends Article {
      override pk(): number {
        keyReads++;
        return super.pk();
      }
    }
    const [a, b] = [CountedArticle.fromJS({ id: 901, title: 'First', body: '' }), CountedArticle.fromJS({ id: 902, title: 'Second', body: '' })];
    const [current, setCurrent] = createSignal<Article>(a);
    function Row(props: { article: Article }) {
      const shown = useEntity(() => props.article);
      return <li>{shown().title} · {shown().title.length} · {shown().body}</li>;
    }
    const r = renderWith(() => <Row article={current()} />, c);
    // not in the store: the row shows the instance given, and asked its key once for three bindings
    expect(r.container.textContent).toBe('First · 5 · ');
    expect(keyReads).toBe(1);
    setCurrent(b);
    expect(r.container.textContent).toBe('Second · 6 · ');
    expect(keyReads).toBe(2);
    r.unmount();
    expect(watcherCount(c)).toBe(0);
  });
});
