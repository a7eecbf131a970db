import { For, Loading, action } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, createDataClient, resource } from '../../src/core/index.js';
import { useController, useEntity, useSuspense } from '../../src/adapters/solid2/index.js';
import type { MemoryResource, TestServer } from '../server/createTestServer.js';
import { Article, type DataClient, articleServer, reseed, tick } from '../adapters/solid/fixtures.js';
import { mount, until, type Mounted } from './harness.js';

let server: TestServer;
let articles: MemoryResource;
let api: ReturnType<typeof optimisticResource>;
let client: DataClient;
let view: Mounted | undefined;
const optimisticResource = (s: TestServer) => resource({ urlPrefix: s.url, path: '/articles/:id', schema: Article, optimistic: true });
beforeAll(async () => {
  ({ server, articles } = await articleServer(3));
  api = optimisticResource(server);
});
afterAll(() => server.close());
afterEach(() => {
  view?.unmount();
  view = undefined;
  client?.destroy();
  reseed(articles);
});

/**
 * The list's heading (read from the list) and the first row (its own entity) must agree in every
 * state the DOM passes through; `mismatches` collects any that did not.
 */
function mountList() {
  client = createDataClient();
  let rename!: (title: string) => Promise<void>;
  function Row(props: { article: Article }) {
    const article = useEntity(() => props.article);
    return <li data-id={article().id}>{article().title}</li>;
  }
  function List() {
    const list = useSuspense(api.getList);
    const ctrl = useController();
    rename = action(function* (title: string) {
      yield ctrl.fetch(api.partialUpdate, { id: 1 }, { title });
    });
    return (
      <section>
        <h2>{list().find(a => a.id === 1)?.title}</h2>
        <ul><For each={list()}>{a => <Row article={a} />}</For></ul>
      </section>
    );
  }
  view = mount(() => <Loading fallback="loading"><List /></Loading>, client);
  const root = view.root;
  const heading = () => root.querySelector('h2')?.textContent;
  const row = () => root.querySelector('li[data-id="1"]')?.textContent;
  const mismatches: string[] = [];
  const observer = new MutationObserver(() => {
    if (heading() !== undefined && heading() !== row()) mismatches.push(`${heading()} / ${row()}`);
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  return { heading, row, mismatches, rename: (title: string) => rename(title), stop: () => observer.disconnect() };
}

describe('controller.fetch(mutation) inside action() on Solid 2', () => {
  it('shows the optimistic update at once and settles when the reply is committed, with no torn frame', async () => {
    const ui = mountList();
    await until(() => ui.row() === 'Article 1');
    const release = server.next.hold();
    let settled = false;
    let committedAtSettle: unknown;
    const done = ui.rename('Renamed').then(() => {
      settled = true;
      committedAtSettle = (client.controller.getState().entities.Article as Record<string, { title: string }>)['1']!.title;
    });
    await release.arrived;
    await until(() => ui.row() === 'Renamed' && ui.heading() === 'Renamed');
    await tick(20);
    expect(settled).toBe(false);
    await release();
    await done;
    expect(committedAtSettle).toBe('Renamed');
    await tick();
    expect(ui.row()).toBe('Renamed');
    expect(articles.get(1)!.title).toBe('Renamed');
    ui.stop();
    expect(ui.mismatches).toEqual([]);
  });

  it('rolls the optimistic update back when the mutation fails, and the action rejects with the error', async () => {
    const ui = mountList();
    await until(() => ui.row() === 'Article 1');
    const release = server.next.status(500).hold();
    const done = ui.rename('Broken');
    const failure = done.then(
      () => undefined,
      (e: unknown) => e,
    );
    await release.arrived;
    await until(() => ui.row() === 'Broken' && ui.heading() === 'Broken');
    await release();
    const error = await failure;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(500);
    await until(() => ui.row() === 'Article 1' && ui.heading() === 'Article 1');
    ui.stop();
    expect(ui.mismatches).toEqual([]);
  });
});
