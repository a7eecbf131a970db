// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { useCache } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountWith, reseed, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

describe('useCache', () => {
  it('never fetches; shows the data once something else puts it in the store', async () => {
    const client = makeClient();
    const View = defineComponent({
      setup() {
        const article = useCache(api.get, { id: 1 });
        return () => h('p', article.value?.title ?? 'empty');
      },
    });
    const wrapper = mountWith(View, client);
    await flushPromises();
    expect(wrapper.text()).toBe('empty');
    expect(server.requests).toHaveLength(0);
    await client.controller.fetch(api.get, { id: 1 });
    await nextTick();
    expect(wrapper.text()).toBe('Article 1');
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('follows a ref argument and null', async () => {
    const client = makeClient();
    await client.controller.fetch(api.get, { id: 1 });
    await client.controller.fetch(api.get, { id: 2 });
    const args = ref<{ id: number } | null>({ id: 1 });
    const View = defineComponent({
      setup() {
        const article = useCache(api.get, args);
        return () => h('p', article.value?.title ?? 'empty');
      },
    });
    const wrapper = mountWith(View, client);
    expect(wrapper.text()).toBe('Article 1');
    args.value = { id: 2 };
    await nextTick();
    expect(wrapper.text()).toBe('Article 2');
    args.value = null;
    await nextTick();
    expect(wrapper.text()).toBe('empty');
    wrapper.unmount();
  });
});
