// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useCache } from '../../../src/adapters/solid/index.js';
import type { TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, type DataClient, articleServer, tick, watcherCount } from './fixtures.js';
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

describe('useCache', () => {
  it('never fetches, and shows data once another fetch puts it in the store', async () => {
    client = createDataClient();
    function View() {
      const article = useCache(api.get, { id: 1 });
      return <p>{article()?.title ?? 'not loaded'}</p>;
    }
    const r = renderWith(() => <View />, client);
    expect(r.getByText('not loaded')).toBeTruthy();
    await tick(20);
    expect(server.requests.length).toBe(0);
    await client.controller.fetch(api.get, { id: 1 });
    expect(await r.findByText('Article 1')).toBeTruthy();
    client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'Changed', body: '' });
    expect(await r.findByText('Changed')).toBeTruthy();
  });

  it('follows accessor arguments, null meaning not yet', async () => {
    client = createDataClient();
    await client.controller.fetch(api.get, { id: 1 });
    await client.controller.fetch(api.get, { id: 2 });
    const [id, setId] = createSignal<number | null>(1);
    function View() {
      const article = useCache(api.get, () => (id() === null ? null : { id: id()! }));
      return <p>{article()?.title ?? 'none'}</p>;
    }
    const r = renderWith(() => <View />, client);
    expect(r.getByText('Article 1')).toBeTruthy();
    setId(2);
    expect(r.getByText('Article 2')).toBeTruthy();
    setId(null);
    expect(r.getByText('none')).toBeTruthy();
    setId(3);
    expect(r.getByText('none')).toBeTruthy();
  });

  it('releases its subscription when unmounted', async () => {
    client = createDataClient();
    function View() {
      const article = useCache(api.get, { id: 1 });
      return <p>{article()?.title ?? 'none'}</p>;
    }
    const r = renderWith(() => <View />, client);
    expect(watcherCount(client)).toBeGreaterThan(0);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
