// The non-suspending primitives and helpers of rest-signals/solid2, each in a real component.
import { All } from '../../src/core/index.js';
import { For, Loading, Show, createSignal, flush } from 'solid-js';
import { render } from '@solidjs/web';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, createDataClient, persist } from '../../src/core/index.js';
import {
  DataProvider,
  hookifyResource,
  useCache,
  useCancelling,
  useDLE,
  useDebounce,
  useFetch,
  useIsRestoring,
  useLive,
  useLoading,
  useController,
  useQuery,
  useSubscription,
  useSuspense,
} from '../../src/adapters/solid2/index.js';
import type { MemoryResource, TestServer } from '../server/createTestServer.js';
import { Article, type ArticleApi, type DataClient, articleServer, editOnServer, expectRequestsToStop, requestsTo, reseed, tick, watcherCount } from '../adapters/solid/fixtures.js';
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

async function unmounted(): Promise<void> {
  view!.unmount();
  view = undefined;
  await tick();
  expect(watcherCount(client)).toBe(0);
}

describe('useDLE', () => {
  it('gives loading, then data, then an error in error() without throwing; follows arguments and null', async () => {
    client = createDataClient();
    const [id, setId] = createSignal<number | null>(1);
    const notFound = server.when('GET', '/articles/2').status(404);
    function View() {
      const { data, loading, error } = useDLE(api.get, () => (id() === null ? null : { id: id()! }));
      return <p>{loading() ? 'loading' : error() ? `${error()!.name} ${(error() as NetworkError).status}` : (data()?.title ?? 'none')}</p>;
    }
    view = mount(() => <View />, client);
    await tick();
    expect(view.text()).toBe('loading');
    await until(() => view!.text() === 'Article 1');
    setId(2);
    await until(() => view!.text() === 'NetworkError 404');
    setId(null);
    await until(() => view!.text() === 'none');
    notFound.clear();
    await unmounted();
  });
});

describe('useCache and useQuery', () => {
  it('show what the store holds without fetching, and follow it', async () => {
    client = createDataClient();
    function View() {
      const cached = useCache(api.get, { id: 1 });
      const queried = useQuery(Article, { id: 1 });
      const all = useQuery(new All(Article));
      return <p>{cached()?.title ?? 'none'} / {queried()?.title ?? 'none'} / {all()?.length ?? 0}</p>;
    }
    view = mount(() => <View />, client);
    await tick(20);
    expect(view.text()).toBe('none / none / 0');
    expect(server.requests.length).toBe(0);
    await client.controller.fetch(api.getList);
    await until(() => view!.text() === 'Article 1 / Article 1 / 3');
    client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'Set', body: '' });
    await until(() => view!.text() === 'Set / Set / 3');
    await unmounted();
  });
});

describe('useFetch and useSubscription', () => {
  it('useFetch fetches without reading; its accessor holds the promise of the data', async () => {
    client = createDataClient();
    let promise: Promise<Article> | undefined;
    function View() {
      const fetched = useFetch(api.get, { id: 2 });
      const cached = useCache(api.get, { id: 2 });
      return <p>{(promise = fetched(), cached()?.title ?? 'none')}</p>;
    }
    view = mount(() => <View />, client);
    expect((await promise!).title).toBe('Article 2');
    await until(() => view!.text() === 'Article 2');
    expect(requestsTo(server, '/articles/2')).toBe(1);
    await unmounted();
  });

  it('useSubscription and useLive poll while mounted and stop when unmounted; a poll never shows a fallback', async () => {
    client = createDataClient();
    const polled = api.get.extend({ pollFrequency: 40 });
    let fallbacks = 0;
    function View() {
      useSubscription(polled, { id: 3 });
      const live = useLive(polled, { id: 1 });
      return <p>{live().title}</p>;
    }
    view = mount(() => <Loading fallback={<p>{(fallbacks++, 'loading')}</p>}><View /></Loading>, client);
    await until(() => view!.text() === 'Article 1');
    editOnServer(articles, 1, { title: 'Polled' });
    await until(() => view!.text() === 'Polled');
    await until(() => requestsTo(server, '/articles/3') >= 2);
    expect(fallbacks).toBe(1);
    await unmounted();
    await expectRequestsToStop(server);
  });
});

describe('useDebounce, useCancelling, useLoading', () => {
  it('useDebounce passes a value on once it held still, and clears its timer with the owner', async () => {
    const [q, setQ] = createSignal('a');
    let debounced!: () => string;
    let pending!: () => boolean;
    const root = document.createElement('div');
    const dispose = render(() => {
      [debounced, pending] = useDebounce(q, 30);
      return <p>{debounced()}{pending() ? '…' : ''}</p>;
    }, root);
    flush();
    expect(root.textContent).toBe('a');
    setQ('ab');
    await tick(5);
    setQ('abc');
    await tick(5);
    expect(root.textContent).toBe('a…');
    await until(() => root.textContent === 'abc');
    setQ('abcd');
    await tick(5);
    dispose();
    await tick(50);
    expect(debounced()).toBe('abc');
  });

  it('useCancelling aborts the request of the previous arguments; the aborted one writes nothing', async () => {
    client = createDataClient();
    const [id, setId] = createSignal(1);
    server.when('GET', '/articles/1', { times: 1 }).delay(200);
    function View() {
      const args = () => ({ id: id() });
      const { data } = useDLE(useCancelling(api.get, args), args);
      return <p>{data()?.title ?? 'none'}</p>;
    }
    view = mount(() => <View />, client);
    await until(() => requestsTo(server, '/articles/1') === 1);
    setId(2);
    await until(() => view!.text() === 'Article 2');
    await tick(250);
    expect(client.controller.getResponse(api.get, { id: 1 }).data).toBeUndefined();
    await unmounted();
  });

  it('useLoading tracks a call: loading while it runs, its error afterwards', async () => {
    client = createDataClient();
    let save!: (title: string) => Promise<unknown>;
    server.when('PATCH', '/articles/:id', { times: 1 }).status(500);
    function View() {
      const ctrl = useController();
      const [run, loading, error] = useLoading((title: string) => ctrl.fetch(api.partialUpdate, { id: 1 }, { title }));
      save = run;
      return <p>{loading() ? 'saving' : (error()?.name ?? 'idle')}</p>;
    }
    view = mount(() => <View />, client);
    await tick();
    const first = save('x');
    await until(() => view!.text() === 'saving');
    expect(await first).toBeUndefined();
    await until(() => view!.text() === 'NetworkError');
    expect((await save('y')) as Article).toMatchObject({ title: 'y' });
    await until(() => view!.text() === 'idle');
  });
});

describe('DataProvider, hookifyResource, useIsRestoring', () => {
  it('creates a client when none is given and destroys it on unmount (polling stops)', async () => {
    const polled = api.get.extend({ pollFrequency: 40 });
    function View() {
      const live = useLive(polled, { id: 1 });
      return <p>{live().title}</p>;
    }
    const root = document.createElement('div');
    const dispose = render(() => <DataProvider><Loading fallback="loading"><View /></Loading></DataProvider>, root);
    await until(() => root.textContent === 'Article 1');
    await until(() => requestsTo(server, '/articles/1') >= 2);
    dispose();
    await expectRequestsToStop(server);
  });

  it('throws an error naming the primitive outside a provider', () => {
    const root = document.createElement('div');
    function View() {
      useSuspense(api.get, { id: 1 });
      return null;
    }
    expect(() => {
      const dispose = render(() => <View />, root);
      flush();
      dispose();
    }).toThrow('useSuspense() must be called inside <DataProvider>');
  });

  it('hookifyResource merges the init useInit gives into every request', async () => {
    client = createDataClient();
    const [token, setToken] = createSignal('t1');
    const Api = hookifyResource(api, () => () => ({ headers: { authorization: `Bearer ${token()}` } }));
    let get!: ReturnType<typeof Api.useGet>;
    function View() {
      get = Api.useGet();
      const article = useSuspense(get, { id: 2 });
      return <p>{article().title}</p>;
    }
    view = mount(() => <Loading fallback="loading"><View /></Loading>, client);
    await until(() => view!.text() === 'Article 2');
    expect(server.lastRequest?.headers.authorization).toBe('Bearer t1');
    setToken('t2');
    flush();
    await client.controller.fetch(get, { id: 3 });
    expect(server.lastRequest?.headers.authorization).toBe('Bearer t2');
  });

  it('useIsRestoring is true until a persisted state is restored, and useSuspense fetches nothing the restore answered', async () => {
    const seed = createDataClient();
    await seed.controller.fetch(api.get, { id: 1 });
    let stored: string | null = null;
    const storage = {
      getItem: async () => (await tick(40), stored),
      setItem: (_k: string, v: string) => void (stored = v),
      removeItem: () => void (stored = null),
    };
    const writer = persist(seed, { storage, throttleMs: 0 });
    await writer.flush();
    writer.stop();
    seed.destroy();
    server.requests.length = 0;
    client = createDataClient();
    persist(client, { storage });
    function View() {
      const restoring = useIsRestoring();
      return <Show when={!restoring()} fallback={<p>restoring</p>}><Title /></Show>;
    }
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <p>{article().title}</p>;
    }
    view = mount(() => <Loading fallback="loading"><View /></Loading>, client);
    await tick();
    expect(view.text()).toBe('restoring');
    await until(() => view!.text() === 'Article 1');
    expect(requestsTo(server, '/articles/1')).toBe(0);
  });
});

describe('useMembers over a list', () => {
  it('follows additions to the list', async () => {
    client = createDataClient();
    function List() {
      const list = useSuspense(api.getList);
      return <ul><For each={list()}>{a => <li>{a.title}</li>}</For></ul>;
    }
    view = mount(() => <Loading fallback="loading"><List /></Loading>, client);
    await until(() => view!.root.querySelectorAll('li').length === 3);
    await client.controller.fetch(api.getList.push, { title: 'Fourth', body: '' });
    await until(() => view!.root.querySelectorAll('li').length === 4);
    await unmounted();
  });
});
