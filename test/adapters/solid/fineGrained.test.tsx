// @vitest-environment jsdom
import { For, Suspense } from 'solid-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useSuspense } from '../../../src/adapters/solid/index.js';
import type { TestServer } from '../../server/createTestServer.js';
import { Article, type ArticleApi, type DataClient, articleServer, watcherCount } from './fixtures.js';
import { renderWith } from './harness.js';

const ROWS = 1000;
let server: TestServer;
let api: ArticleApi;
let client: DataClient;
beforeAll(async () => ({ server, api } = await articleServer(ROWS)));
afterAll(() => {
  client?.destroy();
  return server.close();
});

describe('fine-grained rendering', () => {
  it(`updating one of ${ROWS} entities re-runs only that row's bindings`, async () => {
    client = createDataClient();
    const rowRuns = new Map<number, number>();
    const titleRuns = new Map<number, number>();
    const count = (m: Map<number, number>, id: number) => m.set(id, (m.get(id) ?? 0) + 1);
    function Row(props: { article: Article }) {
      count(rowRuns, props.article.id);
      return <li>{(count(titleRuns, props.article.id), props.article.title)}</li>;
    }
    function List() {
      const list = useSuspense(api.getList);
      return (
        <ul>
          <For each={list()}>{article => <Row article={article} />}</For>
        </ul>
      );
    }
    const r = renderWith(() => (
      <Suspense fallback="loading">
        <List />
      </Suspense>
    ), client);
    await r.findByText(`Article ${ROWS}`);
    expect(r.container.querySelectorAll('li')).toHaveLength(ROWS);
    expect(rowRuns.size).toBe(ROWS);
    expect([...rowRuns.values()].every(n => n === 1)).toBe(true);
    rowRuns.clear();
    titleRuns.clear();

    client.controller.setResponse(api.get, { id: 500 }, { id: 500, title: 'Row 500 changed', body: '' });
    expect(await r.findByText('Row 500 changed')).toBeTruthy();
    const touched = new Set([...rowRuns.keys(), ...titleRuns.keys()]);
    expect([...touched]).toEqual([500]);
    expect(r.container.querySelectorAll('li')).toHaveLength(ROWS);

    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
