// @vitest-environment jsdom
import { Suspense } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useLive } from '../../../src/adapters/solid/index.js';
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

describe('useLive', () => {
  it('suspends once, then polls and shows each new reply without suspending again', async () => {
    client = createDataClient();
    const polled = api.get.extend({ pollFrequency: 40 });
    let fallbacks = 0;
    const Fallback = () => (fallbacks++, <p>loading</p>);
    function View() {
      const article = useLive(polled, { id: 1 });
      return <p>{article()?.title}</p>;
    }
    const r = renderWith(() => (
      <Suspense fallback={<Fallback />}>
        <View />
      </Suspense>
    ), client);
    expect(await r.findByText('Article 1')).toBeTruthy();
    editOnServer(articles, 1, { title: 'Polled' });
    expect(await r.findByText('Polled', undefined, { timeout: 2000 })).toBeTruthy();
    await until(() => requestsTo(server, '/articles/1') >= 3);
    expect(fallbacks).toBe(1);

    r.unmount();
    expect(watcherCount(client)).toBe(0);
    await expectRequestsToStop(server);
  });
});
