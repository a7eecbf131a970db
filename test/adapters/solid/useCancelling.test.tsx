// @vitest-environment jsdom
import { ErrorBoundary, Suspense, createSignal } from 'solid-js';
import type { Accessor } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useCancelling, useSuspense } from '../../../src/adapters/solid/index.js';
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

describe('useCancelling', () => {
  it('gives a new AbortSignal for new arguments and aborts the previous one', () => {
    client = createDataClient();
    const [title, setTitle] = createSignal('Article 1');
    const [bump, setBump] = createSignal(0);
    let endpoint!: Accessor<ArticleApi['getList']>;
    renderWith(() => {
      endpoint = useCancelling(api.getList, () => (bump(), { title: title() }));
      return null;
    }, client);
    const first = endpoint();
    expect(first.signal?.aborted).toBe(false);
    setBump(1); // new arguments object, same key: same endpoint
    expect(endpoint()).toBe(first);
    setTitle('Article 2');
    expect(first.signal?.aborted).toBe(true);
    expect(endpoint().signal?.aborted).toBe(false);
  });

  it('aborts a search still in flight; the aborted request leaves nothing in the store', async () => {
    client = createDataClient();
    const release = server.next.hold();
    const [title, setTitle] = createSignal('Article 1');
    function Results() {
      const args = () => ({ title: title() });
      const list = useSuspense(useCancelling(api.getList, args), args);
      return <p>{(list() ?? []).map(a => a.title).join(',') || 'empty'}</p>;
    }
    const r = renderWith(() => (
      <ErrorBoundary fallback={(e: Error) => <p>error {e.name}</p>}>
        <Suspense fallback={<p>loading</p>}>
          <Results />
        </Suspense>
      </ErrorBoundary>
    ), client);
    await release.arrived;
    setTitle('Article 2');
    expect(await r.findByText('Article 2')).toBeTruthy();
    await release();
    await tick(30);
    expect(r.queryByText(/error/)).toBeNull();
    expect(client.controller.getResponse(api.getList, { title: 'Article 1' }).data).toBeUndefined();
    expect(client.controller.getError(api.getList, { title: 'Article 1' })).toBeUndefined();
    r.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
