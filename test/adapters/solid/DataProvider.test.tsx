// @vitest-environment jsdom
import { render } from '@solidjs/testing-library';
import { Suspense } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Controller, createDataClient } from '../../../src/core/index.js';
import { DataProvider, useController, useDataClient, useLive } from '../../../src/adapters/solid/index.js';
import type { TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, type DataClient, articleServer, requestsTo, tick, until, expectRequestsToStop } from './fixtures.js';

let server: TestServer;
let api: ArticleApi;
beforeAll(async () => ({ server, api } = await articleServer(3)));
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

describe('DataProvider', () => {
  it('provides the client it is given, and leaves it alive after unmount', async () => {
    const client = createDataClient();
    let seen: DataClient | undefined;
    let ctrl: unknown;
    const r = render(() => (
      <DataProvider client={client}>
        {(() => {
          seen = useDataClient();
          ctrl = useController();
          return <p>inside</p>;
        })()}
      </DataProvider>
    ));
    expect(seen).toBe(client);
    expect(ctrl).toBe(client.controller);
    expect(ctrl).toBeInstanceOf(Controller);
    r.unmount();
    expect((await client.controller.fetch(api.get, { id: 1 })).title).toBe('Article 1');
    client.destroy();
  });

  it('creates a client when none is given, and destroys it on unmount (polling stops)', async () => {
    const polled = api.get.extend({ pollFrequency: 30 });
    let created: DataClient | undefined;
    function View() {
      created = useDataClient();
      const article = useLive(polled, { id: 1 });
      return <p>{article()?.title}</p>;
    }
    const r = render(() => (
      <DataProvider>
        <Suspense fallback="loading">
          <View />
        </Suspense>
      </DataProvider>
    ));
    expect(await r.findByText('Article 1')).toBeTruthy();
    expect(created).toBeDefined();
    await until(() => requestsTo(server, '/articles/1') >= 2);
    r.unmount();
    await expectRequestsToStop(server);
    // Destroyed: a destroyed client takes no new polling subscription.
    created!.controller.subscribe(polled, { id: 2 });
    expect(created!.stats().subscriptions).toBe(0);
  });

  it('creates its client from the option props (initialState: no request for data it holds)', async () => {
    const onServer = createDataClient();
    await onServer.controller.fetch(api.get, { id: 2 });
    const state = JSON.parse(JSON.stringify(onServer.controller.getState()));
    onServer.destroy();
    server.requests.length = 0;
    function View() {
      const article = useLive(api.get, { id: 2 });
      return <p>{article()?.title}</p>;
    }
    const r = render(() => (
      <DataProvider initialState={state}>
        <Suspense fallback="loading">
          <View />
        </Suspense>
      </DataProvider>
    ));
    expect(r.getByText('Article 2')).toBeTruthy();
    await tick(30);
    expect(server.requests.length).toBe(0);
    r.unmount();
  });

  it('throws an error naming the primitive when used outside a provider', () => {
    expect(() => render(() => (useController(), null))).toThrow(/useController\(\) must be called inside <DataProvider>/);
  });
});
