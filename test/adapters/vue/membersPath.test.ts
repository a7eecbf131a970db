// @vitest-environment jsdom
// useMembers over the ref of useSuspense / useCache of a list: a subscription of its own follows
// the list's membership (`membersOf`), so an update of one listed entity re-renders its row only
// and visits no other entry; the ref given keeps following every update. The work is counted through Article's `denormalize` (every entry a list view visits
// calls it) and the watched store views, on real components against the loopback server.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h, nextTick, onUpdated } from 'vue';
import type { ComputedRef, PropType } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { flushPromises } from '@vue/test-utils';
import { DataClientPlugin, useCache, useEntity, useMembers, useSuspense } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, requestsTo, reseed, textOf, until, watcherCount } from './fixtures.js';

type DenormalizeArgs = Parameters<typeof Article.denormalize>;

const ROWS = 300;
const { server, api, articles } = await articleServer(ROWS);
afterEach(() => reseed(server, articles, ROWS));
afterAll(() => server.close());

/** How many times Entity's `denormalize` runs for Article while `fn` runs (and Vue flushes). */
async function countDenormalize(fn: () => unknown): Promise<number> {
  let n = 0;
  const own = Object.getOwnPropertyDescriptor(Article, 'denormalize');
  const orig = Article.denormalize;
  Article.denormalize = function (this: typeof Article, ...args: DenormalizeArgs) {
    n++;
    return orig.apply(this, args);
  } as typeof Article.denormalize;
  try {
    await fn();
    await nextTick();
    await flushPromises();
  } finally {
    if (own) Object.defineProperty(Article, 'denormalize', own);
    else delete (Article as { denormalize?: unknown }).denormalize;
  }
  return n;
}

function components(source: 'suspense' | 'cache') {
  const seen: { list?: ComputedRef<Article[]>; renders: number; rowRenders: number } = { renders: 0, rowRenders: 0 };
  const Row = defineComponent({
    props: { article: { type: Object as PropType<Article>, required: true } },
    setup(props) {
      const article = useEntity(() => props.article);
      onUpdated(() => seen.rowRenders++);
      return () => h('li', { id: `row-${props.article.id}` }, article.value.title);
    },
  });
  const List = defineComponent({
    async setup() {
      onUpdated(() => seen.renders++);
      const list = useMembers(source === 'suspense' ? await useSuspense(api.getList) : useCache(api.getList));
      seen.list = list as ComputedRef<Article[]>;
      return () => h('ul', (list.value ?? []).map(article => h(Row, { key: article.id, article })));
    },
  });
  return { List, seen };
}

describe('useMembers over useSuspense / useCache (Vue): an entity update costs its row, not the list', () => {
  it('useSuspense: one entity updated denormalizes that row only; the array and the list component stay', async () => {
    const client = makeClient();
    const { List, seen } = components('suspense');
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    // one store view per row (its useEntity), and the list's own view: useMembers leaves it to its
    // other readers (a heading, a total) and follows membership in a subscription of its own
    expect(client.stats().watchedViews).toBe(ROWS + 1);
    const before = seen.list!.value;

    const work = await countDenormalize(() => client.controller.setResponse(api.get, { id: 150 }, { id: 150, title: 'One-fifty, local', body: '' }));
    expect(textOf(wrapper, '#row-150')).toBe('One-fifty, local');
    // the changed entity is denormalized for its row and for the list's own view (still live for
    // its other readers), and no other entry: the cost does not grow with the list
    expect(work).toBe(2);
    expect(seen.list!.value).toBe(before);
    expect(seen.renders).toBe(0);
    expect(seen.rowRenders).toBe(1);

    const replied = await countDenormalize(() => client.controller.fetch(api.partialUpdate, { id: 151 }, { title: 'One-fifty-one, patched' }));
    expect(textOf(wrapper, '#row-151')).toBe('One-fifty-one, patched');
    // the reply the mutation resolves to, its row, and the list's own view (still live for its other readers)
    expect(replied).toBeLessThanOrEqual(3);
    expect(seen.list!.value).toBe(before);
    expect(seen.renders).toBe(0);

    // membership changes: a new array, the list re-renders, no duplicate rows
    await client.controller.fetch(api.getList.push, { title: 'New one', body: '' });
    await until(() => wrapper.findAll('li').length === ROWS + 1);
    expect(seen.list!.value).not.toBe(before);
    expect(seen.renders).toBeGreaterThan(0);
    await client.controller.fetch(api.delete, { id: 3 });
    await until(() => wrapper.findAll('li').length === ROWS);
    const ids = wrapper.findAll('li').map(li => li.attributes('id'));
    expect(ids).not.toContain('row-3');
    expect(new Set(ids).size).toBe(ids.length);

    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('useSuspense: invalidating the list still refetches it while only its membership is watched', async () => {
    const client = makeClient();
    const { List } = components('suspense');
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    expect(requestsTo(server, '/articles')).toBe(1);
    articles.items.set('9999', { id: 9999, title: 'Added on the server', body: '' });
    client.controller.invalidate(api.getList);
    await until(() => requestsTo(server, '/articles') === 2);
    await until(() => textOf(wrapper, '#row-9999') === 'Added on the server');
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('useCache: one entity updated denormalizes that row only; the array stays', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    const { List, seen } = components('cache');
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    expect(client.stats().watchedViews).toBe(ROWS + 1);
    const before = seen.list!.value;
    const work = await countDenormalize(() => client.controller.setResponse(api.get, { id: 20 }, { id: 20, title: 'Twenty, local', body: '' }));
    expect(textOf(wrapper, '#row-20')).toBe('Twenty, local');
    // the changed entity is denormalized for its row and for the list's own view (still live for
    // its other readers), and no other entry: the cost does not grow with the list
    expect(work).toBe(2);
    expect(seen.list!.value).toBe(before);
    expect(seen.renders).toBe(0);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('a server render shows the list through useMembers and subscribes nothing', async () => {
    const client = makeClient();
    const { List } = components('suspense');
    const app = createSSRApp(defineComponent({ setup: () => () => h(List) }));
    app.use(DataClientPlugin, { client });
    const html = await renderToString(app);
    expect(html.match(/<li/g)?.length).toBe(ROWS);
    expect(html).toContain('<li id="row-7">Article 7</li>');
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });
});
