// @vitest-environment jsdom
import { createSignal } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../src/core/index.js';
import { type DLEAccessors, useDLE } from '../../../src/adapters/solid/index.js';
import type { MemoryResource, TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, type DataClient, articleServer, requestsTo, reseed, tick, watcherCount } from './fixtures.js';
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

describe('useDLE', () => {
  it('gives loading, then data, without suspending', async () => {
    const seen: string[] = [];
    function View() {
      const { data, loading, error } = useDLE(api.get, { id: 1 });
      return (
        <p>
          {(seen.push(`${loading()}:${data()?.title}`), loading() ? 'loading' : data()?.title)}
          {error() ? 'error' : ''}
        </p>
      );
    }
    const r = renderWith(() => <View />);
    client = r.client;
    expect(r.getByText('loading')).toBeTruthy();
    expect(await r.findByText('Article 1')).toBeTruthy();
    expect(seen[0]).toBe('true:undefined');
    expect(seen.at(-1)).toBe('false:Article 1');
  });

  it('reports a NetworkError in error() instead of throwing', async () => {
    const fault = server.when('GET', '/articles/:id').status(500, { error: 'boom' });
    let dle!: DLEAccessors<unknown>;
    function View() {
      dle = useDLE(api.get, { id: 2 });
      return <p>{dle.error() ? `failed ${dle.error()!.message}` : 'ok'}</p>;
    }
    const r = renderWith(() => <View />);
    client = r.client;
    await r.findByText(/^failed/);
    fault.clear();
    expect(dle.error()).toBeInstanceOf(NetworkError);
    expect(dle.loading()).toBe(false);
    expect(dle.data()).toBeUndefined();
  });

  it('re-runs a binding of data() only when data changes', async () => {
    let dataRuns = 0;
    function View() {
      const { data, loading } = useDLE(api.get, { id: 1 });
      return (
        <p>
          <span>{(dataRuns++, data()?.title ?? 'none')}</span>
          <i>{loading() ? 'busy' : 'idle'}</i>
        </p>
      );
    }
    const r = renderWith(() => <View />);
    client = r.client;
    await r.findByText('Article 1');
    const before = dataRuns;
    await client.controller.fetch(api.get, { id: 1 }); // same data again
    await tick(10);
    expect(dataRuns).toBe(before);
  });

  it('follows accessor arguments and null', async () => {
    const [id, setId] = createSignal<number | null>(null);
    function View() {
      const { data, loading } = useDLE(api.get, () => (id() === null ? null : { id: id()! }));
      return <p>{loading() ? 'loading' : (data()?.title ?? 'none')}</p>;
    }
    const r = renderWith(() => <View />);
    client = r.client;
    expect(r.getByText('none')).toBeTruthy();
    await tick(20);
    expect(server.requests.length).toBe(0);
    setId(2);
    expect(await r.findByText('Article 2')).toBeTruthy();
    setId(3);
    expect(await r.findByText('Article 3')).toBeTruthy();
    setId(null);
    expect(await r.findByText('none')).toBeTruthy();
    expect(requestsTo(server, '/articles/2')).toBe(1);
  });

  it('releases every subscription when unmounted', async () => {
    function View() {
      const { data } = useDLE(api.get, { id: 1 });
      return <p>{data()?.title}</p>;
    }
    const r = renderWith(() => <View />);
    client = r.client;
    await r.findByText('Article 1');
    expect(watcherCount(client)).toBeGreaterThan(0);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
