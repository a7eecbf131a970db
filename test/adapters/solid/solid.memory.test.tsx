// @vitest-environment jsdom
// Leak spec: many mount/unmount cycles of every primitive leave no watcher, timer or request behind.
import { render } from '@solidjs/testing-library';
import { ErrorBoundary, Suspense, createSignal } from 'solid-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import {
  DataProvider,
  useCache,
  useCancelling,
  useDLE,
  useDebounce,
  useLive,
  useQuery,
  useSubscription,
  useSuspense,
} from '../../../src/adapters/solid/index.js';
import type { TestServer } from '../../server/createTestServer.js';
import { Article, type ArticleApi, type DataClient, articleServer, expectRequestsToStop, tick, watcherCount } from './fixtures.js';

const CYCLES = 50;
let server: TestServer;
let api: ArticleApi;
beforeAll(async () => ({ server, api } = await articleServer(5)));
afterAll(() => server.close());

function Everything(props: { id: number; polled: ArticleApi['get'] }) {
  const [id, setId] = createSignal(props.id);
  const args = () => ({ id: id() });
  const article = useSuspense(useCancelling(api.get, args), args);
  const dle = useDLE(api.get, () => ({ id: (id() % 5) + 1 }));
  const cached = useCache(api.get, args);
  const queried = useQuery(Article, args);
  const live = useLive(props.polled, args);
  useSubscription(props.polled, () => ({ id: ((id() + 1) % 5) + 1 }));
  const [debounced] = useDebounce(id, 5);
  queueMicrotask(() => setId((props.id % 5) + 1));
  return (
    <p>
      {article()?.title} {dle.data()?.title} {cached()?.title} {queried()?.title} {live()?.title} {debounced()}
    </p>
  );
}

describe('Solid adapter memory', () => {
  it(`${CYCLES} mount/unmount cycles leave watcher counts at zero and stop polling`, async () => {
    const client: DataClient = createDataClient();
    const polled = api.get.extend({ pollFrequency: 20 });
    for (let i = 0; i < CYCLES; i++) {
      const r = render(() => (
        <DataProvider client={client}>
          <ErrorBoundary fallback={(e: Error) => <p>error {e.message}</p>}>
            <Suspense fallback="loading">
              <Everything id={(i % 5) + 1} polled={polled} />
            </Suspense>
          </ErrorBoundary>
        </DataProvider>
      ));
      if (i % 10 === 0) await r.findByText(/Article/);
      else await tick(i % 3);
      r.unmount();
      expect(watcherCount(client)).toBe(0);
    }
    await expectRequestsToStop(server);
    expect(watcherCount(client)).toBe(0);
    expect(client.stats().inflight).toBe(0);
    client.destroy();
  });

  it('mounting and unmounting self-created providers leaves nothing polling', async () => {
    const polled = api.get.extend({ pollFrequency: 20 });
    for (let i = 0; i < 20; i++) {
      const r = render(() => (
        <DataProvider>
          <Suspense fallback="loading">
            <Everything id={(i % 5) + 1} polled={polled} />
          </Suspense>
        </DataProvider>
      ));
      await tick(i % 4);
      r.unmount();
    }
    await expectRequestsToStop(server);
  });
});
