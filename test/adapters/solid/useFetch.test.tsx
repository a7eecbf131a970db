// @vitest-environment jsdom
// `useFetch`: fetches what is missing or stale without reading or suspending, keeps it fresh while
// the owner lives, and gives the promise of the call for the current arguments.
import { createSignal, type Accessor } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImmortalGCPolicy, NetworkError, createDataClient, type FetchPromise } from '../../../src/core/index.js';
import { useCache, useFetch } from '../../../src/adapters/solid/index.js';
import type { MemoryResource, TestServer } from '../../server/createTestServer.js';
import { type Article, type ArticleApi, type DataClient, articleServer, requestsTo, reseed, until, watcherCount } from './fixtures.js';
import { renderWith } from './harness.js';

let server: TestServer;
let api: ArticleApi;
let articles: MemoryResource;
let client: DataClient | undefined;
beforeAll(async () => ({ server, api, articles } = await articleServer(3)));
afterAll(() => server.close());
afterEach(() => {
  client?.destroy();
  server.requests.length = 0;
  reseed(articles);
});

const immortal = () => createDataClient({ gcPolicy: new ImmortalGCPolicy() });

describe('useFetch (Solid)', () => {
  it('fetches missing data once, without reading it; a reader beside it shows it; the accessor holds the promise of the data', async () => {
    let fetched!: Accessor<FetchPromise<Article> | undefined>;
    function View() {
      fetched = useFetch(api.get, { id: 1 });
      const article = useCache(api.get, { id: 1 });
      return <h1>{article()?.title ?? 'none'}</h1>;
    }
    const r = renderWith(() => <View />, immortal());
    client = r.client;
    const promise = fetched()!;
    expect(promise.resolved).toBe(false);
    const data = await promise;
    expect(promise.resolved).toBe(true);
    expect(data).toBe(client.controller.getResponse(api.get, { id: 1 }).data);
    expect(await r.findByText('Article 1')).toBeTruthy();
    expect(requestsTo(server, '/articles/1')).toBe(1);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('does not fetch fresh data: the promise resolves with what the store holds', async () => {
    const fresh = immortal();
    await fresh.controller.fetch(api.get, { id: 2 });
    let fetched!: Accessor<FetchPromise<Article> | undefined>;
    const r = renderWith(() => {
      fetched = useFetch(api.get, { id: 2 });
      return <p />;
    }, fresh);
    client = r.client;
    expect(await fetched()).toBe(fresh.controller.getResponse(api.get, { id: 2 }).data);
    expect(requestsTo(server, '/articles/2')).toBe(1);
  });

  it('follows its arguments: null fetches nothing and holds no promise; a new id fetches it', async () => {
    const [id, setId] = createSignal<number | null>(null);
    let fetched!: Accessor<FetchPromise<Article> | undefined>;
    const r = renderWith(() => {
      fetched = useFetch(api.get, () => (id() === null ? null : { id: id()! }));
      return <p />;
    }, immortal());
    client = r.client;
    expect(fetched()).toBeUndefined();
    expect(server.requests).toHaveLength(0);
    setId(3);
    expect((await fetched())?.title).toBe('Article 3');
    setId(null);
    expect(fetched()).toBeUndefined();
    expect(requestsTo(server, '/articles/3')).toBe(1);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('refetches an invalidated result while mounted, and nothing after unmount', async () => {
    const r = renderWith(() => {
      useFetch(api.get, { id: 1 });
      return <p />;
    }, immortal());
    client = r.client;
    const controller = client.controller;
    await until(() => requestsTo(server, '/articles/1') === 1 && controller.getResponse(api.get, { id: 1 }).data !== undefined);
    await controller.invalidate(api.get, { id: 1 });
    await until(() => requestsTo(server, '/articles/1') === 2);
    r.unmount();
    await controller.invalidate(api.get, { id: 1 });
    await new Promise(resolve => setTimeout(resolve, 30));
    expect(requestsTo(server, '/articles/1')).toBe(2);
  });

  it('a failed fetch rejects its promise with the NetworkError (never unhandled) and leaves the store as it was', async () => {
    let fetched!: Accessor<FetchPromise<Article> | undefined>;
    const r = renderWith(() => {
      fetched = useFetch(api.get, { id: 99 });
      return <p />;
    }, immortal());
    client = r.client;
    const error = await fetched()!.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(404);
    expect(client.controller.getResponse(api.get, { id: 99 }).data).toBeUndefined();
  });
});
