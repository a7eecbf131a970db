// @vitest-environment jsdom
import { render } from '@solidjs/testing-library';
import { ErrorBoundary, Suspense, createSignal } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, createDataClient } from '../../../src/core/index.js';
import { DataProvider, useSuspense } from '../../../src/adapters/solid/index.js';
import { type ArticleApi, type DataClient, articleServer, editOnServer, reseed, requestsTo, tick, until, watcherCount } from './fixtures.js';
import type { MemoryResource, TestServer } from '../../server/createTestServer.js';

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

/** Renders `view` under a provider, a Suspense counting its fallbacks, and an ErrorBoundary. */
function mount(view: () => any) {
  client = createDataClient();
  const counts = { fallback: 0 };
  const Fallback = () => {
    counts.fallback++;
    return <p>loading</p>;
  };
  const result = render(() => (
    <DataProvider client={client}>
      <ErrorBoundary fallback={(e: Error) => <p>error: {e.constructor.name}: {e.message}</p>}>
        <Suspense fallback={<Fallback />}>{view()}</Suspense>
      </ErrorBoundary>
    </DataProvider>
  ));
  return { ...result, counts };
}

describe('useSuspense', () => {
  it('suspends until the data is in the store, then renders it', async () => {
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <h1>{article()?.title}</h1>;
    }
    const { findByText, counts } = mount(() => <Title />);
    expect(counts.fallback).toBe(1);
    expect(await findByText('Article 1')).toBeTruthy();
    expect(requestsTo(server, '/articles/1')).toBe(1);
  });

  it('does not suspend when the data is already in the store', async () => {
    client = createDataClient();
    await client.controller.fetch(api.get, { id: 2 });
    server.requests.length = 0;
    function Title() {
      const article = useSuspense(api.get, { id: 2 });
      return <h1>{article()?.title}</h1>;
    }
    let fallbacks = 0;
    const { getByText } = render(() => (
      <DataProvider client={client}>
        <Suspense fallback={<p>{(fallbacks++, 'loading')}</p>}>
          <Title />
        </Suspense>
      </DataProvider>
    ));
    expect(getByText('Article 2')).toBeTruthy();
    expect(fallbacks).toBe(0);
    expect(server.requests.length).toBe(0);
  });

  it('applies background updates in place without showing the fallback again', async () => {
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <h1>{article()?.title}</h1>;
    }
    const { findByText, getByText, counts } = mount(() => <Title />);
    await findByText('Article 1');
    expect(counts.fallback).toBe(1);

    // Another view's write (setResponse).
    client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'Set locally', body: '' });
    expect(await findByText('Set locally')).toBeTruthy();

    // A refetch from the server.
    editOnServer(articles, 1, { title: 'From server' });
    await client.controller.fetch(api.get, { id: 1 });
    expect(await findByText('From server')).toBeTruthy();

    // A mutation through another endpoint of the same entity.
    await client.controller.fetch(api.partialUpdate, { id: 1 }, { title: 'Patched' });
    expect(await findByText('Patched')).toBeTruthy();

    // An expiry and refetch while the data is shown.
    client.controller.expireAll({ testKey: () => true });
    await until(() => requestsTo(server, '/articles/1') >= 3);
    await tick(20);
    expect(counts.fallback).toBe(1);

    // An invalidation: the last value stays on screen while the data is fetched again.
    editOnServer(articles, 1, { title: 'After invalidate' });
    client.controller.invalidate(api.get, { id: 1 });
    expect(getByText('Patched')).toBeTruthy();
    expect(await findByText('After invalidate')).toBeTruthy();
    expect(requestsTo(server, '/articles/1')).toBe(4);
    expect(counts.fallback).toBe(1);
  });

  it('throws a NetworkError to the ErrorBoundary', async () => {
    const fault = server.when('GET', '/articles/:id').status(404, { error: 'gone' });
    function Title() {
      const article = useSuspense(api.get, { id: 3 });
      return <h1>{article()?.title}</h1>;
    }
    const { findByText } = mount(() => <Title />);
    const shown = await findByText(/^error: /);
    fault.clear();
    expect(shown.textContent).toContain(NetworkError.name);
    expect(client.controller.getError(api.get, { id: 3 })).toBeInstanceOf(NetworkError);
  });

  // As in @data-client/react: once the error has expired, a new read refetches and suspends
  // instead of throwing the old error again.
  it('recovers through the ErrorBoundary reset once the error has expired', async () => {
    // 300 ms: the error must still be fresh when the boundary renders on a loaded machine
    const flaky = api.get.extend({ errorExpiryLength: 300 });
    server.next.status(503, { error: 'later' });
    client = createDataClient();
    function Title() {
      const article = useSuspense(flaky, { id: 2 });
      return <h1>{article()?.title}</h1>;
    }
    const r = render(() => (
      <DataProvider client={client}>
        <ErrorBoundary fallback={(e: Error, reset) => <button onClick={reset}>retry {e.name}</button>}>
          <Suspense fallback={<p>loading</p>}>
            <Title />
          </Suspense>
        </ErrorBoundary>
      </DataProvider>
    ));
    const retry = await r.findByText('retry NetworkError');
    await tick(320);
    retry.click();
    expect(await r.findByText('Article 2')).toBeTruthy();
    expect(requestsTo(server, '/articles/2')).toBe(2);
  });

  it('throws a schema error (an entity without its primary key) to the ErrorBoundary', async () => {
    const remove = server.route('GET', '/articles/:id', () => ({ title: 'no id here' }));
    function Title() {
      const article = useSuspense(api.get, { id: 2 });
      return <h1>{article()?.title}</h1>;
    }
    const { findByText } = mount(() => <Title />);
    const shown = await findByText(/^error: /);
    remove();
    expect(shown.textContent).toMatch(/Article/);
    expect(shown.textContent).toMatch(/no id here/);
  });

  it('follows accessor arguments, suspending only for data not yet in the store', async () => {
    const [id, setId] = createSignal(1);
    function Title() {
      const article = useSuspense(api.get, () => ({ id: id() }));
      return <h1>{article()?.title}</h1>;
    }
    const { findByText, counts } = mount(() => <Title />);
    await findByText('Article 1');
    setId(2);
    expect(await findByText('Article 2')).toBeTruthy();
    expect(counts.fallback).toBe(2);
    setId(1);
    expect(await findByText('Article 1')).toBeTruthy();
    expect(counts.fallback).toBe(2);
    expect(requestsTo(server, '/articles/1')).toBe(1);
  });

  it('fetches nothing for null arguments until they are given', async () => {
    const [id, setId] = createSignal<number | null>(null);
    function Title() {
      const article = useSuspense(api.get, () => (id() === null ? null : { id: id()! }));
      return <h1>{article()?.title ?? 'none'}</h1>;
    }
    const { findByText, counts } = mount(() => <Title />);
    expect(await findByText('none')).toBeTruthy();
    await tick(20);
    expect(server.requests.length).toBe(0);
    expect(counts.fallback).toBe(0);
    setId(3);
    expect(await findByText('Article 3')).toBeTruthy();
  });

  it('releases its subscription when unmounted', async () => {
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <h1>{article()?.title}</h1>;
    }
    const { findByText, unmount } = mount(() => <Title />);
    await findByText('Article 1');
    expect(watcherCount(client)).toBeGreaterThan(0);
    unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('exposes loading, state and latest like a Solid resource', async () => {
    let seen: any;
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      seen = article;
      return <h1>{article()?.title}</h1>;
    }
    const { findByText } = mount(() => <Title />);
    expect(seen.loading).toBe(true);
    expect(seen.state).toBe('pending');
    await findByText('Article 1');
    expect(seen.loading).toBe(false);
    expect(seen.state).toBe('ready');
    expect(seen.latest.title).toBe('Article 1');
    expect(seen.error).toBeUndefined();
  });
});
