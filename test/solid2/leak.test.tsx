// Mount/unmount cycles of Solid 2 components using useSuspense, useDLE and useEntity (a <Show>
// toggled under one DataProvider) leave the store's watchers at zero and the heap where it started
// (within 10%), as test/leaks/solid.leak.test.ts checks for Solid 1.
import { For, Loading, Show, createSignal, flush } from 'solid-js';
import { render } from '@solidjs/web';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy } from '../../src/core/index.js';
import { DataProvider, useDLE, useEntity, useMembers, useSuspense } from '../../src/adapters/solid2/index.js';
import { type Article, type ArticleApi, articleServer } from '../adapters/solid/fixtures.js';
import type { TestServer } from '../server/createTestServer.js';
import { mb, NONE, settledHeap, watchers } from '../leaks/measure.js';

const CYCLES = 10_000;
const WARMUP = 1_000;

let server: TestServer;
let get: ArticleApi['get'];
let getList: ArticleApi['getList'];
beforeAll(async () => {
  const made = await articleServer(3);
  server = made.server;
  // never expiring: a slow run must not refetch mid-cycle; this measures leaks, not expiry
  get = made.api.get.extend({ dataExpiryLength: Infinity });
  getList = made.api.getList.extend({ dataExpiryLength: Infinity });
});
afterAll(() => server.close());

function Row(props: { article: Article }) {
  const article = useEntity(() => props.article);
  return <li>{article().title}</li>;
}

function View(props: { id: number }) {
  const article = useSuspense(get, () => ({ id: props.id }));
  const { data } = useDLE(get, () => ({ id: props.id }));
  const list = useMembers(useSuspense(getList));
  return (
    <section>
      <h1>{article().title}</h1>
      <p>{data()?.title}</p>
      <ul><For each={list()}>{a => <Row article={a} />}</For></ul>
    </section>
  );
}

it(`${CYCLES} mount/unmount cycles of useSuspense + useDLE + useMembers/useEntity: no watcher left, heap within 10%`, async () => {
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  await client.controller.fetch(getList);
  for (const id of [1, 2, 3]) await client.controller.fetch(get, { id });
  const [shown, setShown] = createSignal(false);
  const [id, setId] = createSignal(1);
  const container = document.createElement('div');
  const dispose = render(
    () => (
      <DataProvider client={client}>
        <Loading fallback="loading">
          <Show when={shown()}><View id={id()} /></Show>
        </Loading>
      </DataProvider>
    ),
    container,
  );
  const cycle = (i: number) => {
    const n = (i % 3) + 1;
    setId(n);
    setShown(true);
    flush();
    const text = container.querySelector('h1')?.textContent;
    if (text !== `Article ${n}` || container.querySelectorAll('li').length !== 3) throw new Error(`cycle ${i}: rendered ${JSON.stringify(container.textContent)}`);
    setShown(false);
    flush();
  };
  for (let i = 0; i < WARMUP; i++) cycle(i);
  const start = await settledHeap();
  for (let i = 0; i < CYCLES; i++) cycle(i);
  await Promise.resolve();
  flush();
  expect(watchers(client)).toEqual(NONE);
  const end = await settledHeap();
  expect(end, `heap ${mb(start)} → ${mb(end)}`).toBeLessThanOrEqual(start * 1.1);
  dispose();
  expect(watchers(client)).toEqual(NONE);
  client.destroy();
  expect(server.requests).toHaveLength(4);
}, 120_000);
