import { For, Loading } from 'solid-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../src/core/index.js';
import { useEntity, useMembers, useSuspense } from '../../src/adapters/solid2/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { Article, type ArticleApi, type DataClient, articleServer, tick, watcherCount } from '../adapters/solid/fixtures.js';
import { mount, until } from './harness.js';

const ROWS = 1000;
let server: TestServer;
let api: ArticleApi;
let client: DataClient;
beforeAll(async () => ({ server, api } = await articleServer(ROWS)));
afterAll(() => {
  client?.destroy();
  return server.close();
});

const count = (m: Map<number, number>, id: number) => m.set(id, (m.get(id) ?? 0) + 1);

describe('fine-grained rendering on Solid 2', () => {
  it(`updating one of ${ROWS} entities re-runs only that row's bindings`, async () => {
    client = createDataClient();
    const rowRuns = new Map<number, number>();
    const titleRuns = new Map<number, number>();
    function Row(props: { article: Article }) {
      count(rowRuns, props.article.id);
      return <li>{(count(titleRuns, props.article.id), props.article.title)}</li>;
    }
    function List() {
      const list = useSuspense(api.getList);
      return <ul><For each={list()}>{article => <Row article={article} />}</For></ul>;
    }
    const view = mount(() => <Loading fallback="loading"><List /></Loading>, client);
    await until(() => view.root.querySelectorAll('li').length === ROWS);
    expect(rowRuns.size).toBe(ROWS);
    expect([...rowRuns.values()].every(n => n === 1)).toBe(true);
    rowRuns.clear();
    titleRuns.clear();

    client.controller.setResponse(api.get, { id: 500 }, { id: 500, title: 'Row 500 changed', body: '' });
    await until(() => view.text().includes('Row 500 changed'));
    expect([...new Set([...rowRuns.keys(), ...titleRuns.keys()])]).toEqual([500]);
    expect(view.root.querySelectorAll('li')).toHaveLength(ROWS);
    view.unmount();
    await tick();
    expect(watcherCount(client)).toBe(0);
  });

  it('with useMembers + useEntity an update re-runs one row binding and never the list', async () => {
    client = createDataClient();
    const titleRuns = new Map<number, number>();
    let listRuns = 0;
    function Row(props: { article: Article }) {
      const article = useEntity(() => props.article);
      return <li>{(count(titleRuns, props.article.id), article().title)}</li>;
    }
    function List() {
      const list = useMembers(useSuspense(api.getList));
      return <ul><For each={(listRuns++, list())}>{article => <Row article={article} />}</For></ul>;
    }
    const view = mount(() => <Loading fallback="loading"><List /></Loading>, client);
    await until(() => view.root.querySelectorAll('li').length === ROWS);
    const listRunsBefore = listRuns;
    titleRuns.clear();

    client.controller.setResponse(api.get, { id: 7 }, { id: 7, title: 'Seven changed', body: '' });
    await until(() => view.text().includes('Seven changed'));
    expect([...titleRuns.entries()]).toEqual([[7, 1]]);
    expect(listRuns).toBe(listRunsBefore);
    view.unmount();
    await tick();
    expect(watcherCount(client)).toBe(0);
  });
});
