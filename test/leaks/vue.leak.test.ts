// @vitest-environment jsdom
// Mount/unmount cycles of a Vue component using useDLE (toggled by a parent under one app with
// DataClientPlugin) leave the store's watcher counts at zero and the heap where it started (within 10%).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, defineComponent, h, nextTick, ref } from 'vue';
import { createDataClient, ImmortalGCPolicy } from '../../src/core/index.js';
import { DataClientPlugin, useDLE } from '../../src/adapters/vue/index.js';
import { articleServer, type ArticleApi } from '../adapters/vue/fixtures.js';
import type { TestServer } from '../server/createTestServer.js';
import { collect, mb, NONE, settledHeap, watchers } from './measure.js';

const CYCLES = 100_000;
const WARMUP = 5_000;
// Vue keeps module-level WeakMaps (`targetMap`, `shallowReactiveMap`, `shallowReadonlyMap`) with an
// entry per component's props. V8 sizes their tables for the most entries held between two full
// collections and does not shrink them, so 100k mounts between natural collections can grow them by
// 6-8 MB: a plain component with no rest-signals grew the heap 13.6 % under Node 22. A full collection
// every WARMUP cycles gives warm-up and measurement the same peak; what the client retains stays retained.
const COLLECT_EVERY = WARMUP;

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

const Row = defineComponent({
  props: { id: { type: Number, required: true } },
  setup(props) {
    const { data, loading, error } = useDLE(get, () => ({ id: props.id }));
    return () => h('p', (loading.value ? 'loading' : (data.value?.title ?? '')) + (error.value?.message ?? ''));
  },
});

it(`${CYCLES} mount/unmount cycles of a useDLE component: no watcher left, heap within 10%`, async () => {
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  for (const id of [1, 2, 3]) await client.controller.fetch(get, { id });
  const shown = ref(false);
  const id = ref(1);
  const app = createApp(defineComponent({ setup: () => () => (shown.value ? h(Row, { id: id.value }) : null) }));
  app.use(DataClientPlugin, { client });
  const container = document.createElement('div');
  app.mount(container);
  const cycle = async (i: number) => {
    id.value = (i % 3) + 1;
    shown.value = true;
    await nextTick();
    const text = container.textContent;
    if (text !== `Article ${(i % 3) + 1}`) throw new Error(`cycle ${i}: rendered ${JSON.stringify(text)}`);
    shown.value = false;
    await nextTick();
    if (i % COLLECT_EVERY === COLLECT_EVERY - 1) collect();
  };
  for (let i = 0; i < WARMUP; i++) await cycle(i);
  const start = await settledHeap();
  for (let i = 0; i < CYCLES; i++) await cycle(i);
  expect(watchers(client)).toEqual(NONE);
  const end = await settledHeap();
  expect(end, `heap ${mb(start)} → ${mb(end)}`).toBeLessThanOrEqual(start * 1.1);
  app.unmount();
  expect(watchers(client)).toEqual(NONE);
  client.destroy();
  // every article was fetched once, before the cycles
  expect(server.requests).toHaveLength(3);
}, 120_000);
