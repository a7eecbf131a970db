import { Errored, Loading, createSignal, isPending } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, createDataClient } from '../../src/core/index.js';
import { useSuspense } from '../../src/adapters/solid2/index.js';
import { type ArticleApi, type DataClient, articleServer, editOnServer, reseed, requestsTo, tick, watcherCount } from '../adapters/solid/fixtures.js';
import type { MemoryResource, TestServer } from '../server/createTestServer.js';
import { mount, until, type Mounted } from './harness.js';

let server: TestServer;
let api: ArticleApi;
let articles: MemoryResource;
let client: DataClient;
let view: Mounted | undefined;
beforeAll(async () => ({ server, api, articles } = await articleServer(3)));
afterAll(() => server.close());
afterEach(() => {
  view?.unmount();
  view = undefined;
  client?.destroy();
  server.requests.length = 0;
  reseed(articles);
});

describe('useSuspense on Solid 2', () => {
  it('is not ready on a first load: <Loading> shows its fallback until the data is in the store', async () => {
    client = createDataClient();
    let fallbacks = 0;
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <h1>{article().title}</h1>;
    }
    view = mount(() => <Loading fallback={<p>{(fallbacks++, 'loading')}</p>}><Title /></Loading>, client);
    await tick();
    expect(view.text()).toBe('loading');
    await until(() => view!.text() === 'Article 1');
    expect(fallbacks).toBe(1);
    expect(requestsTo(server, '/articles/1')).toBe(1);
  });

  it('renders at once when the data is already in the store', async () => {
    client = createDataClient();
    await client.controller.fetch(api.get, { id: 2 });
    server.requests.length = 0;
    let fallbacks = 0;
    function Title() {
      const article = useSuspense(api.get, { id: 2 });
      return <h1>{article().title}</h1>;
    }
    view = mount(() => <Loading fallback={<p>{(fallbacks++, 'loading')}</p>}><Title /></Loading>, client);
    await tick();
    expect(view.text()).toBe('Article 2');
    expect(fallbacks).toBe(0);
    expect(server.requests.length).toBe(0);
  });

  it('keeps the rows on a refetch, with isPending true until the reply lands, and never shows the fallback again', async () => {
    client = createDataClient();
    let fallbacks = 0;
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <h1>{article().title}{isPending(() => article()) ? ' (updating)' : ''}</h1>;
    }
    view = mount(() => <Loading fallback={<p>{(fallbacks++, 'loading')}</p>}><Title /></Loading>, client);
    await until(() => view!.text() === 'Article 1');
    editOnServer(articles, 1, { title: 'Edited' });
    const release = server.next.hold();
    void client.controller.invalidate(api.get, { id: 1 });
    await release.arrived;
    await until(() => view!.text() === 'Article 1 (updating)');
    await release();
    await until(() => view!.text() === 'Edited');
    expect(fallbacks).toBe(1);
    expect(requestsTo(server, '/articles/1')).toBe(2);
  });

  it('throws a failed fetch to <Errored>, whose reset fetches again', async () => {
    client = createDataClient();
    server.next.status(500);
    let resetIt: (() => void) | undefined;
    function Title() {
      const article = useSuspense(api.get, { id: 3 });
      return <h1>{article().title}</h1>;
    }
    view = mount(
      () => (
        <Errored fallback={(err, reset) => ((resetIt = reset), <p>failed: {(err() as Error).name} {(err() as NetworkError).status}</p>)}>
          <Loading fallback={<p>loading</p>}><Title /></Loading>
        </Errored>
      ),
      client,
    );
    await until(() => view!.text() === 'failed: NetworkError 500');
    expect(requestsTo(server, '/articles/3')).toBe(1);
    resetIt!();
    await until(() => view!.text() === 'Article 3');
    expect(requestsTo(server, '/articles/3')).toBe(2);
  });

  it('follows accessor arguments: a switch to arguments without data is a change in flight, then shows them', async () => {
    client = createDataClient();
    const [id, setId] = createSignal(1);
    let fallbacks = 0;
    function Title() {
      const article = useSuspense(api.get, () => ({ id: id() }));
      return <h1>{article().title}{isPending(() => article()) ? ' (updating)' : ''}</h1>;
    }
    view = mount(() => <Loading fallback={<p>{(fallbacks++, 'loading')}</p>}><Title /></Loading>, client);
    await until(() => view!.text() === 'Article 1');
    const release = server.next.hold();
    setId(2);
    await release.arrived;
    await until(() => view!.text() === 'Article 1 (updating)');
    await release();
    await until(() => view!.text() === 'Article 2');
    expect(fallbacks).toBe(1);
  });

  it('with <Loading on={id()}> a switch to arguments without data shows the fallback: a new first load', async () => {
    client = createDataClient();
    const [id, setId] = createSignal(1);
    function Title() {
      const article = useSuspense(api.get, () => ({ id: id() }));
      return <h1>{article().title}</h1>;
    }
    view = mount(() => <Loading on={id()} fallback={<p>loading</p>}><Title /></Loading>, client);
    await until(() => view!.text() === 'Article 1');
    const release = server.next.hold();
    setId(3);
    await release.arrived;
    await until(() => view!.text() === 'loading');
    await release();
    await until(() => view!.text() === 'Article 3');
  });

  it('releases its store subscription when unmounted', async () => {
    client = createDataClient();
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <h1>{article().title}</h1>;
    }
    view = mount(() => <Loading fallback={<p>loading</p>}><Title /></Loading>, client);
    await until(() => view!.text() === 'Article 1');
    expect(watcherCount(client)).toBeGreaterThan(0);
    view.unmount();
    view = undefined;
    await tick();
    expect(watcherCount(client)).toBe(0);
  });
});
