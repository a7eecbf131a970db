// @vitest-environment jsdom
// Mount/unmount cycles of a Solid component using useDLE (a <Show> toggled on and off under one
// DataProvider) leave the store's watcher counts at zero and the heap where it started (within 10%).
// Written with createComponent instead of JSX: the Solid compiler is configured for the adapter's
// own folders only, and this spec needs no template.
import { createComponent, createRenderEffect, createSignal, Show, type Component, type JSX } from 'solid-js';
import { render } from 'solid-js/web';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy } from '../../src/core/index.js';
import { DataProvider, useDLE } from '../../src/adapters/solid/index.js';
import { articleServer, type ArticleApi } from '../adapters/solid/fixtures.js';
import type { TestServer } from '../server/createTestServer.js';
import { mb, NONE, settledHeap, watchers } from './measure.js';

const CYCLES = 100_000;
const WARMUP = 5_000;

let server: TestServer;
let api: ArticleApi;
// The articles never expire: on a loaded machine the cycles can outlast the default 60 s expiry,
// and a refetch would render "loading" in a cycle; this test measures leaks, not expiry.
let get: ArticleApi['get'];
beforeAll(async () => {
  ({ server, api } = await articleServer(3));
  get = api.get.extend({ dataExpiryLength: Infinity });
});
afterAll(() => server.close());

/** `<p>{loading() ? 'loading' : data()?.title}{error()?.message}</p>` */
function Row(props: { id: number }): JSX.Element {
  const { data, loading, error } = useDLE(get, () => ({ id: props.id }));
  const p = document.createElement('p');
  createRenderEffect(() => {
    p.textContent = (loading() ? 'loading' : (data()?.title ?? '')) + (error()?.message ?? '');
  });
  return p;
}

it(`${CYCLES} mount/unmount cycles of a useDLE component: no watcher left, heap within 10%`, async () => {
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  for (const id of [1, 2, 3]) await client.controller.fetch(get, { id });
  const [shown, setShown] = createSignal(false);
  const [id, setId] = createSignal(1);
  const container = document.createElement('div');
  const dispose = render(
    () =>
      createComponent(DataProvider, {
        client,
        get children() {
          return createComponent(Show as unknown as Component<{ when: boolean; children: JSX.Element }>, {
            get when() {
              return shown();
            },
            get children() {
              return createComponent(Row, {
                get id() {
                  return id();
                },
              });
            },
          });
        },
      }),
    container,
  );
  const cycle = (i: number) => {
    setId((i % 3) + 1);
    setShown(true);
    const text = container.textContent;
    if (text !== `Article ${(i % 3) + 1}`) throw new Error(`cycle ${i}: rendered ${JSON.stringify(text)}`);
    setShown(false);
  };
  for (let i = 0; i < WARMUP; i++) cycle(i);
  const start = await settledHeap();
  for (let i = 0; i < CYCLES; i++) cycle(i);
  expect(watchers(client)).toEqual(NONE);
  const end = await settledHeap();
  expect(end, `heap ${mb(start)} → ${mb(end)}`).toBeLessThanOrEqual(start * 1.1);
  dispose();
  expect(watchers(client)).toEqual(NONE);
  client.destroy();
  // every article was fetched once, before the cycles
  expect(server.requests).toHaveLength(3);
}, 120_000);
