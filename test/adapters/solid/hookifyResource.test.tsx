// @vitest-environment jsdom
import { Suspense, createContext, createSignal, useContext } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { hookifyResource, useController, useSuspense } from '../../../src/adapters/solid/index.js';
import type { MemoryResource, TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, type DataClient, articleServer, reseed } from './fixtures.js';
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

const TokenContext = createContext('anonymous');

describe('hookifyResource', () => {
  it('gives use + PascalCase members and useCreate for getList.push', () => {
    const hooks = hookifyResource(api, () => ({ headers: { 'access-token': 't' } }));
    for (const name of ['useGet', 'useGetList', 'useUpdate', 'usePartialUpdate', 'useDelete', 'useCreate']) {
      expect(typeof (hooks as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it("merges useInit's headers (read from context) into every request", async () => {
    client = createDataClient();
    const Api = hookifyResource(api, () => {
      const token = useContext(TokenContext);
      return { headers: { 'Access-Token': token } };
    });
    let update!: ArticleApi['partialUpdate'];
    let create!: ArticleApi['getList']['push'];
    function View() {
      const article = useSuspense(Api.useGet(), { id: 1 });
      update = Api.usePartialUpdate();
      create = Api.useCreate();
      return <p>{article()?.title}</p>;
    }
    const r = renderWith(() => (
      <TokenContext.Provider value="secret-1">
        <Suspense fallback="loading">
          <View />
        </Suspense>
      </TokenContext.Provider>
    ), client);
    expect(await r.findByText('Article 1')).toBeTruthy();
    expect(server.lastRequest!.headers['access-token']).toBe('secret-1');

    await client.controller.fetch(update, { id: 1 }, { title: 'Renamed' });
    expect(server.lastRequest!.method).toBe('PATCH');
    expect(server.lastRequest!.headers['access-token']).toBe('secret-1');
    expect(server.lastRequest!.headers['content-type']).toMatch(/json/);
    expect(await r.findByText('Renamed')).toBeTruthy();

    await client.controller.fetch(create, { title: 'New', body: '' });
    expect(server.lastRequest!.method).toBe('POST');
    expect(server.lastRequest!.headers['access-token']).toBe('secret-1');
  });

  it('reads an accessor returned by useInit at request time', async () => {
    client = createDataClient();
    const [token, setToken] = createSignal('first');
    const Api = hookifyResource(api, () => () => ({ headers: { authorization: `Bearer ${token()}` } }));
    let get!: ArticleApi['get'];
    renderWith(() => {
      get = Api.useGet();
      return null;
    }, client);
    await client.controller.fetch(get, { id: 2 });
    expect(server.lastRequest!.headers.authorization).toBe('Bearer first');
    setToken('second');
    await client.controller.fetch(get, { id: 3 });
    expect(server.lastRequest!.headers.authorization).toBe('Bearer second');
  });
});
