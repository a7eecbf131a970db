// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref, toRaw } from 'vue';
import type { ComputedRef } from 'vue';
import { All } from '../../../src/core/index.js';
import { useQuery } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountWith, reseed, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

describe('useQuery', () => {
  it('looks an entity up by primary key, following a getter, never fetching', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    server.requests.length = 0;
    const id = ref(1);
    const View = defineComponent({
      setup() {
        const article = useQuery(Article, () => ({ id: id.value }));
        return () => h('p', article.value?.title ?? 'none');
      },
    });
    const wrapper = mountWith(View, client);
    expect(wrapper.text()).toBe('Article 1');
    id.value = 3;
    await nextTick();
    expect(wrapper.text()).toBe('Article 3');
    id.value = 42;
    await nextTick();
    expect(wrapper.text()).toBe('none');
    expect(server.requests).toHaveLength(0);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('follows store writes of the entity it shows', async () => {
    const client = makeClient();
    await client.controller.fetch(api.get, { id: 2 });
    const View = defineComponent({
      setup() {
        const article = useQuery(Article, { id: 2 });
        return () => h('p', article.value?.title);
      },
    });
    const wrapper = mountWith(View, client);
    expect(wrapper.text()).toBe('Article 2');
    await client.controller.fetch(api.partialUpdate, { id: 2 }, { title: 'Edited' });
    await nextTick();
    expect(wrapper.text()).toBe('Edited');
    wrapper.unmount();
  });

  it('queries All entities of a type', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    const View = defineComponent({
      setup() {
        const all = useQuery(new All(Article));
        return () => h('p', ((all.value as Article[] | undefined) ?? []).map(a => a.id).sort().join(','));
      },
    });
    const wrapper = mountWith(View, client);
    expect(wrapper.text()).toBe('1,2,3');
    wrapper.unmount();
  });

  it('a list of All entities keeps its array and objects while only an entity changes, as useSuspense shows lists', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    let renders = 0;
    const seen: { all?: ComputedRef<Article[] | undefined> } = {};
    const View = defineComponent({
      setup() {
        const all = useQuery(new All(Article)) as ComputedRef<Article[] | undefined>;
        seen.all = all;
        return () => (renders++, h('p', (all.value ?? []).length));
      },
    });
    const wrapper = mountWith(View, client);
    const before = seen.all!.value!;
    const second = before.find(a => a.id === 2)!;
    client.controller.setResponse(api.get, { id: 2 }, { id: 2, title: 'Two, local', body: '' });
    await nextTick();
    expect(seen.all!.value).toBe(before);
    expect(second.title).toBe('Two, local');
    expect(toRaw(second)).not.toBe(second);
    expect(renders).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
