// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { defineComponent, h, isProxy, nextTick, onUpdated } from 'vue';
import type { PropType } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { useQuery, useSuspense } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, textOf, until, watcherCount } from './fixtures.js';

const ROWS = 1000;
const { server, api } = await articleServer(ROWS);
afterAll(() => server.close());

describe('fine-grained rendering', () => {
  it('in a v-for of 1 000 row components, updating one entity re-renders only that row', async () => {
    const client = makeClient();
    const updates = new Map<number, number>();
    const Row = defineComponent({
      props: { article: { type: Object as PropType<Article>, required: true } },
      setup(props) {
        onUpdated(() => updates.set(props.article.id, (updates.get(props.article.id) ?? 0) + 1));
        return () => h('li', { id: `row-${props.article.id}` }, props.article.title);
      },
    });
    const List = defineComponent({
      async setup() {
        const list = await useSuspense(api.getList);
        return () => h('ul', list.value.map(article => h(Row, { key: article.id, article })));
      },
    });
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    const list = client.controller.getResponse(api.getList).data as Article[];
    // Rows get the store's objects as they are: no deep reactive proxies.
    expect(isProxy(list[0])).toBe(false);

    await client.controller.fetch(api.partialUpdate, { id: 500 }, { title: 'Changed' });
    await nextTick();
    await flushPromises();
    expect(textOf(wrapper, '#row-500')).toBe('Changed');
    expect([...updates]).toEqual([[500, 1]]);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('rows looking their entity up with useQuery: one write re-renders one row, the list not at all', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    const updates = new Map<number, number>();
    let listUpdates = 0;
    const Row = defineComponent({
      props: { id: { type: Number, required: true } },
      setup(props) {
        const article = useQuery(Article, () => ({ id: props.id }));
        onUpdated(() => updates.set(props.id, (updates.get(props.id) ?? 0) + 1));
        return () => h('li', { id: `row-${props.id}` }, article.value?.title);
      },
    });
    const ids = Array.from({ length: ROWS }, (_, i) => i + 1);
    const List = defineComponent({
      setup() {
        onUpdated(() => listUpdates++);
        return () => h('ul', ids.map(id => h(Row, { key: id, id })));
      },
    });
    const { wrapper } = mountSuspended(List, client);
    await flushPromises();
    expect(wrapper.findAll('li')).toHaveLength(ROWS);
    expect(client.stats().watchedViews).toBe(ROWS);

    client.controller.setResponse(api.get, { id: 7 }, { id: 7, title: 'Seven', body: 'b' });
    await nextTick();
    expect(textOf(wrapper, '#row-7')).toBe('Seven');
    expect([...updates]).toEqual([[7, 1]]);
    expect(listUpdates).toBe(0);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
