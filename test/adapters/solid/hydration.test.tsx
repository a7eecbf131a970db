// @vitest-environment jsdom
// The client side of server rendering: a client created from a server's `getState()` renders the
// fetched data at once, without a request and without showing the Suspense fallback.
import { Suspense } from 'solid-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useSuspense } from '../../../src/adapters/solid/index.js';
import type { TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, articleServer, tick, watcherCount } from './fixtures.js';
import { renderWith } from './harness.js';

let server: TestServer;
let api: ArticleApi;
beforeAll(async () => ({ server, api } = await articleServer(3)));
afterAll(() => server.close());

describe('hydrating from getState()', () => {
  it('renders server data without refetching or suspending', async () => {
    const onServer = createDataClient();
    await onServer.controller.fetch(api.get, { id: 1 });
    const state = JSON.parse(JSON.stringify(onServer.controller.getState()));
    onServer.destroy();
    server.requests.length = 0;

    const client = createDataClient({ initialState: state });
    let fallbacks = 0;
    function View() {
      const article = useSuspense(api.get, { id: 1 });
      return <h1>{article()?.title}</h1>;
    }
    const r = renderWith(() => (
      <Suspense fallback={<p>{(fallbacks++, 'loading')}</p>}>
        <View />
      </Suspense>
    ), client);
    expect(r.getByText('Article 1')).toBeTruthy();
    await tick(30);
    expect(fallbacks).toBe(0);
    expect(server.requests.length).toBe(0);
    r.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });
});
