// @vitest-environment jsdom
// The fast path for big lists: the list follows membership only (`useMembers`), each row its own
// entity (`useEntity`). Row and list re-renders are counted on real components against the loopback server.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, onUpdated } from 'vue';
import type { PropType } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { useEntity, useMembers, useSuspense } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, reseed, textOf, until, watcherCount } from './fixtures.js';

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

  it('without useMembers the same write re-renders the list component (what the fast path saves)', async () => {
    const client = makeClient();
    const { List, counts } = components(false);
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    await client.controller.fetch(api.partialUpdate, { id: 50 }, { title: 'Fifty, patched' });
    await nextTick();
    await flushPromises();
    expect(textOf(wrapper, '#row-50')).toBe('Fifty, patched');
    expect(counts.list).toBeGreaterThan(0);
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
