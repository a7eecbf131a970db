// @vitest-environment jsdom
// The fast path for big lists: the list follows membership only (`useMembers`), each row its own
// entity (`useEntity`). Row and list re-renders are counted on real components against the loopback server.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, onUpdated } from 'vue';
import type { PropType } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { useEntity, useMembers, useSuspense } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, mountWith, reseed, textOf, until, watcherCount } from './fixtures.js';

const ROWS = 200;
const { server, api, articles } = await articleServer(ROWS);
afterEach(() => reseed(server, articles, ROWS));
afterAll(() => server.close());

function components(members: boolean) {
  const rowUpdates = new Map<number, number>();
  const counts = { list: 0 };
  const Row = defineComponent({
    props: { article: { type: Object as PropType<Article>, required: true } },
    setup(props) {
      const article = useEntity(() => props.article);
      onUpdated(() => rowUpdates.set(props.article.id, (rowUpdates.get(props.article.id) ?? 0) + 1));
      return () => h('li', { id: `row-${props.article.id}` }, article.value.title);
    },
  });
  const List = defineComponent({
    async setup() {
      onUpdated(() => counts.list++);
      const all = await useSuspense(api.getList);
      const list = members ? useMembers(all) : all;
      return () => h('ul', list.value.map(article => h(Row, { key: article.id, article })));
    },
  });
  return { List, rowUpdates, counts };
}

describe('useMembers + useEntity (Vue)', () => {
  it('a PATCH reply for one entity re-renders only its row; the list component does not re-render', async () => {
    const client = makeClient();
    const { List, rowUpdates, counts } = components(true);
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);

    await client.controller.fetch(api.partialUpdate, { id: 50 }, { title: 'Fifty, patched' });
    await nextTick();
    await flushPromises();
    expect(textOf(wrapper, '#row-50')).toBe('Fifty, patched');
    expect([...rowUpdates]).toEqual([[50, 1]]);
    expect(counts.list).toBe(0);

    client.controller.setResponse(api.get, { id: 51 }, { id: 51, title: 'Fifty-one, local', body: '' });
    await nextTick();
    expect(textOf(wrapper, '#row-51')).toBe('Fifty-one, local');
    expect([...rowUpdates.keys()]).toEqual([50, 51]);
    expect(counts.list).toBe(0);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('without useMembers the list of useSuspense keeps its array too: the same write re-renders its row alone', async () => {
    const client = makeClient();
    const { List, counts, rowUpdates } = components(false);
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    await client.controller.fetch(api.partialUpdate, { id: 50 }, { title: 'Fifty, patched' });
    await nextTick();
    await flushPromises();
    expect(textOf(wrapper, '#row-50')).toBe('Fifty, patched');
    expect([...rowUpdates]).toEqual([[50, 1]]);
    expect(counts.list).toBe(0);
    wrapper.unmount();
    client.destroy();
  });

  it('membership changes (added, removed) re-render the list, with no duplicate rows', async () => {
    const client = makeClient();
    const { List, counts } = components(true);
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    await client.controller.fetch(api.getList.push, { title: 'New one', body: '' });
    await until(() => wrapper.findAll('li').length === ROWS + 1);
    expect(counts.list).toBeGreaterThan(0);
    await client.controller.fetch(api.delete, { id: 3 });
    await until(() => wrapper.findAll('li').length === ROWS);
    const ids = wrapper.findAll('li').map(li => li.attributes('id'));
    expect(ids).not.toContain('row-3');
    expect(new Set(ids).size).toBe(ids.length);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });
});

describe('useEntity (Vue): one subscription per row, made on first read', () => {
  it('subscribes nothing until read, one store view per rendered row, none after unmount', async () => {
    const client = makeClient();
    const article = await client.controller.fetch(api.get, { id: 7 });
    let read = false;
    const Row = defineComponent({
      setup() {
        const shown = useEntity(article);
        return () => h('li', read ? shown.value.title : 'not read');
      },
    });
    const wrapper = mountWith(Row, client);
    expect(client.stats().watchedViews).toBe(0);
    read = true;
    wrapper.vm.$forceUpdate();
    await nextTick();
    expect(wrapper.text()).toBe('Article 7');
    expect(client.stats().watchedViews).toBe(1);
    client.controller.setResponse(api.get, { id: 7 }, { id: 7, title: 'Seven, local', body: '' });
    await nextTick();
    expect(wrapper.text()).toBe('Seven, local');
    expect(client.stats().watchedViews).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('follows the entity its prop names now: the old one no longer re-renders the row, and one view is held', async () => {
    const client = makeClient();
    const [a, b] = await Promise.all([client.controller.fetch(api.get, { id: 1 }), client.controller.fetch(api.get, { id: 2 })]);
    let renders = 0;
    const Row = defineComponent({
      props: { article: { type: Object as PropType<Article>, required: true } },
      setup(props) {
        const shown = useEntity(() => props.article);
        return () => {
          renders++;
          return h('li', shown.value.title);
        };
      },
    });
    const wrapper = mountWith(Row, client, { article: a });
    expect(wrapper.text()).toBe('Article 1');
    await wrapper.setProps({ article: b });
    expect(wrapper.text()).toBe('Article 2');
    expect(client.stats().watchedViews).toBe(1);
    const before = renders;
    client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'One, local', body: '' });
    await nextTick();
    expect(renders).toBe(before);
    client.controller.setResponse(api.get, { id: 2 }, { id: 2, title: 'Two, local', body: '' });
    await nextTick();
    expect(wrapper.text()).toBe('Two, local');
    expect(renders).toBe(before + 1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('a read after unmount shows the entity given and subscribes nothing', async () => {
    const client = makeClient();
    const article = await client.controller.fetch(api.get, { id: 3 });
    let shown: { readonly value: Article } | undefined;
    const Row = defineComponent({
      setup() {
        shown = useEntity(article);
        return () => h('li', shown!.value.title);
      },
    });
    const wrapper = mountWith(Row, client);
    wrapper.unmount();
    expect(shown!.value).toBe(article);
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });
});

describe('useEntity (Vue) in a server render', () => {
  it('shows the store value and subscribes nothing', async () => {
    const { createSSRApp } = await import('vue');
    const { renderToString } = await import('vue/server-renderer');
    const { DataClientPlugin } = await import('../../../src/adapters/vue/index.js');
    const client = makeClient();
    const fetched = await client.controller.fetch(api.get, { id: 4 });
    client.controller.setResponse(api.get, { id: 4 }, { id: 4, title: 'Four, newer', body: '' });
    const Row = defineComponent({
      setup() {
        const shown = useEntity(fetched);
        return () => h('li', shown.value.title);
      },
    });
    const app = createSSRApp(Row);
    app.use(DataClientPlugin, { client });
    expect(await renderToString(app)).toBe('<li>Four, newer</li>');
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });
});
