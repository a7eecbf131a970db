// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { All, createDataClient } from '../../../src/core/index.js';
import { useQuery } from '../../../src/adapters/solid/index.js';
import type { TestServer } from '../../server/createTestServer.js';
import { Article, type ArticleApi, type DataClient, articleServer, watcherCount } from './fixtures.js';
import { renderWith } from './harness.js';

let server: TestServer;
let api: ArticleApi;
let client: DataClient;
beforeAll(async () => ({ server, api } = await articleServer(3)));
afterAll(() => server.close());
afterEach(() => {
  client?.destroy();
  server.requests.length = 0;
});

describe('useQuery', () => {
  it('looks an entity up by primary key, following accessor arguments', async () => {
    client = createDataClient();
    await client.controller.fetch(api.getList);
    server.requests.length = 0;
    const [id, setId] = createSignal(1);
    function View() {
      const article = useQuery(Article, () => ({ id: id() }));
      return <p>{article()?.title ?? 'none'}</p>;
    }
    const r = renderWith(() => <View />, client);
    expect(r.getByText('Article 1')).toBeTruthy();
    setId(3);
    expect(r.getByText('Article 3')).toBeTruthy();
    setId(99);
    expect(r.getByText('none')).toBeTruthy();
    expect(server.requests.length).toBe(0);
  });

  it('shows every entity of a kind with All, updating when one changes', async () => {
    client = createDataClient();
    await client.controller.fetch(api.getList);
    function View() {
      const all = useQuery(new All(Article));
      return <p>{((all() as Article[] | undefined) ?? []).map(a => a.title).join(',')}</p>;
    }
    const r = renderWith(() => <View />, client);
    expect(r.getByText('Article 1,Article 2,Article 3')).toBeTruthy();
    client.controller.setResponse(api.get, { id: 2 }, { id: 2, title: 'Two', body: '' });
    expect(await r.findByText('Article 1,Two,Article 3')).toBeTruthy();
  });

  it('releases its subscription when unmounted', () => {
    client = createDataClient();
    function View() {
      const article = useQuery(Article, { id: 1 });
      return <p>{article()?.title ?? 'none'}</p>;
    }
    const r = renderWith(() => <View />, client);
    expect(watcherCount(client)).toBeGreaterThan(0);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
