import { Loading, action, affects, isPending, refresh, type SourceAccessor } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient } from '../../src/core/index.js';
import { useSuspense } from '../../src/adapters/solid2/index.js';
import type { MemoryResource, TestServer } from '../server/createTestServer.js';
import { type Article, type ArticleApi, type DataClient, articleServer, editOnServer, requestsTo, reseed, tick } from '../adapters/solid/fixtures.js';
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

function mountTitle() {
  client = createDataClient();
  let article!: SourceAccessor<Article>;
  function Title() {
    article = useSuspense(api.get, { id: 1 });
    return <h1>{article().title}{isPending(() => article()) ? ' (updating)' : ''}</h1>;
  }
  view = mount(() => <Loading fallback="loading"><Title /></Loading>, client);
  return { article: () => article, text: () => view!.text() };
}

describe('refresh(accessor) on Solid 2', () => {
  it('refetches through the controller and resolves with the fresh value; quiet, as a bare refresh is', async () => {
    const ui = mountTitle();
    await until(() => ui.text() === 'Article 1');
    editOnServer(articles, 1, { title: 'Fresh' });
    const release = server.next.hold();
    const fresh = refresh(ui.article());
    await release.arrived;
    await tick(20);
    expect(ui.text()).toBe('Article 1');
    await release();
    expect((await fresh).title).toBe('Fresh');
    await until(() => ui.text() === 'Fresh');
    expect(requestsTo(server, '/articles/1')).toBe(2);
  });

  it('is deduplicated like controller.fetch: refreshes while a fetch of the same key is in flight join it', async () => {
    const ui = mountTitle();
    await until(() => ui.text() === 'Article 1');
    editOnServer(articles, 1, { title: 'Once' });
    const release = server.next.hold();
    const first = client.controller.fetch(api.get, { id: 1 });
    await release.arrived;
    void refresh(ui.article());
    void refresh(ui.article());
    await tick(20);
    await release();
    await first;
    await until(() => ui.text() === 'Once');
    await tick(30);
    expect(requestsTo(server, '/articles/1')).toBe(2);
  });

  it('reads as pending when declared: affects(data) then refresh(data) in an action', async () => {
    const ui = mountTitle();
    await until(() => ui.text() === 'Article 1');
    editOnServer(articles, 1, { title: 'Reloaded' });
    const release = server.next.hold();
    const reload = action(function* () {
      affects(ui.article());
      yield refresh(ui.article());
    });
    const done = reload();
    await release.arrived;
    await until(() => ui.text() === 'Article 1 (updating)');
    await release();
    await done;
    await until(() => ui.text() === 'Reloaded');
  });
});
