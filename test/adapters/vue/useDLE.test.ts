// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, isProxy, isReadonly, nextTick, onUpdated, ref } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { NetworkError } from '../../../src/core/index.js';
import { useDLE } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountWith, reseed, requestsTo, textOf, until, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

describe('useDLE', () => {
  it('is loading, then holds the data; the refs are readonly computed refs', async () => {
    const client = makeClient();
    let dle: ReturnType<typeof useDLE<typeof api.get>> | undefined;
    const View = defineComponent({
      setup() {
        dle = useDLE(api.get, { id: 1 });
        return () => h('p', dle!.loading.value ? 'loading' : dle!.data.value?.title);
      },
    });
    const wrapper = mountWith(View, client);
    expect(wrapper.text()).toBe('loading');
    await until(() => wrapper.text() === 'Article 1');
    expect(dle!.error.value).toBeUndefined();
    for (const r of [dle!.data, dle!.loading, dle!.error]) expect(isReadonly(r)).toBe(true);
    // The store's own object: no deep reactive proxy, no copy.
    expect(isProxy(dle!.data.value)).toBe(false);
    expect(dle!.data.value).toBe(client.controller.getResponse(api.get, { id: 1 }).data);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('reports an error in `error` without throwing', async () => {
    const client = makeClient();
    const View = defineComponent({
      setup() {
        const { data, loading, error } = useDLE(api.get, { id: 99 });
        return () => h('p', error.value ? `error ${(error.value as NetworkError).status}` : loading.value ? 'loading' : String(data.value));
      },
    });
    const wrapper = mountWith(View, client);
    await until(() => wrapper.text() === 'error 404');
    wrapper.unmount();
  });

  it('a view reading only `data` does not re-render when `loading` flips', async () => {
    const client = makeClient();
    await client.controller.fetch(api.get, { id: 1 });
    let renders = 0;
    const View = defineComponent({
      setup() {
        const { data } = useDLE(api.get, { id: 1 });
        onUpdated(() => renders++);
        return () => h('p', data.value?.title);
      },
    });
    const wrapper = mountWith(View, client);
    await flushPromises();
    const gate = server.next.hold();
    const refetch = client.controller.fetch(api.get, { id: 1 });
    await gate.arrived;
    await nextTick();
    await gate();
    await refetch;
    await nextTick();
    expect(renders).toBe(0); // same data object: nothing to show
    wrapper.unmount();
  });

  it('follows getter arguments and treats null as "not yet"', async () => {
    const client = makeClient();
    const id = ref<number | null>(null);
    const View = defineComponent({
      setup() {
        const { data, loading } = useDLE(api.get, () => (id.value === null ? null : { id: id.value }));
        return () => h('p', loading.value ? 'loading' : (data.value?.title ?? 'idle'));
      },
    });
    const wrapper = mountWith(View, client);
    await flushPromises();
    expect(wrapper.text()).toBe('idle');
    expect(server.requests).toHaveLength(0);
    id.value = 2;
    await until(() => wrapper.text() === 'Article 2');
    id.value = 3;
    await until(() => wrapper.text() === 'Article 3');
    expect(requestsTo(server, '/articles/2')).toBe(1);
    expect(requestsTo(server, '/articles/3')).toBe(1);
    id.value = null;
    await nextTick();
    expect(textOf(wrapper, 'p')).toBe('idle');
    expect(watcherCount(client)).toBe(0);
    wrapper.unmount();
  });
});
