// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useCache, useSubscription } from '../../../src/adapters/solid/index.js';
import type { MemoryResource, TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, type DataClient, articleServer, editOnServer, requestsTo, reseed, tick, until, watcherCount, expectRequestsToStop } from './fixtures.js';
import { renderWith } from './harness.js';

let server: TestServer;
let api: ArticleApi;
let articles: MemoryResource;
let client: DataClient;
beforeAll(async () => ({ server, api, articles } = await articleServer(3)));
afterAll(() => server.close());
afterEach(() => {
  client?.destroy();
  server.requests.length = 0;
  reseed(articles);
});

describe('useSubscription', () => {
  it('polls while mounted and stops polling when unmounted', async () => {
    client = createDataClient();
    const polled = api.get.extend({ pollFrequency: 40 });
    function View() {
      useSubscription(polled, { id: 2 });
      const article = useCache(polled, { id: 2 });
      return <p>{article()?.title ?? 'none'}</p>;
    }
    const r = renderWith(() => <View />, client);
    expect(await r.findByText('Article 2')).toBeTruthy();
    editOnServer(articles, 2, { title: 'Fresh' });
    expect(await r.findByText('Fresh', undefined, { timeout: 2000 })).toBeTruthy();
    r.unmount();
    expect(watcherCount(client)).toBe(0);
    await expectRequestsToStop(server);
  });

  it('follows accessor arguments, polling only the current ones, and waits on null', async () => {
    client = createDataClient();
    const polled = api.get.extend({ pollFrequency: 40 });
    const [id, setId] = createSignal<number | null>(null);
    function View() {
      useSubscription(polled, () => (id() === null ? null : { id: id()! }));
      return <p>view</p>;
    }
    renderWith(() => <View />, client);
    await tick(100);
    expect(server.requests.length).toBe(0);
    setId(1);
    await until(() => requestsTo(server, '/articles/1') >= 2);
    setId(3);
    await until(() => requestsTo(server, '/articles/3') >= 2);
    await tick(60); // a poll of /articles/1 sent before the switch may still be arriving
    const one = requestsTo(server, '/articles/1');
    await tick(150);
    expect(requestsTo(server, '/articles/1')).toBe(one);
  });
});
