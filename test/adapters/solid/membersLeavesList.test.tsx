// @vitest-environment jsdom
// useMembers follows membership in a store watch of its own: the resource it was given keeps
// following every update, so a heading computed from the same list does not freeze.
import { For, Suspense } from 'solid-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDataClient } from '../../../src/core/index.js';
import { useEntity, useMembers, useSuspense } from '../../../src/adapters/solid/index.js';
import type { TestServer } from '../../server/createTestServer.js';
import { Article, type ArticleApi, articleServer, until } from './fixtures.js';
import { renderWith } from './harness.js';

let server: TestServer;
let api: ArticleApi;
beforeAll(async () => ({ server, api } = await articleServer(3)));
afterAll(() => server.close());

it('a heading read from the same useSuspense resource follows an entity update', async () => {
  const client = createDataClient();
  function Row(props: { article: Article }) {
    const article = useEntity(() => props.article);
    return <li>{article().title}</li>;
  }
  function List() {
    const list = useSuspense(api.getList);
    const members = useMembers(list);
    return (
      <div>
        <h2>First: {list()?.[0]?.title}</h2>
        <ul>
          <For each={members()}>{a => <Row article={a} />}</For>
        </ul>
      </div>
    );
  }
  const r = renderWith(
    () => (
      <Suspense fallback="loading">
        <List />
      </Suspense>
    ),
    client,
  );
  await until(() => r.container.querySelectorAll('li').length === 3);
  expect(r.container.querySelector('h2')!.textContent).toBe('First: Article 1');
  await client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'Renamed', body: '' });
  await until(() => r.container.querySelector('li')!.textContent === 'Renamed');
  expect(r.container.querySelector('h2')!.textContent).toBe('First: Renamed');
  r.unmount();
  client.destroy();
});
