// @vitest-environment jsdom
// `useFetch`: fetches what is missing or stale without reading or suspending, keeps it fresh while
// the component lives, and hands back the promise of the call for the current arguments.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, isRef, nextTick, ref } from 'vue';
import { NetworkError } from '../../../src/core/index.js';
import { useCache, useFetch } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountWith, reseed, requestsTo, textOf, until, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

describe('useFetch (Vue)', () => {
  it('fetches missing data once, without reading it; a reader beside it shows it; the ref holds the promise of the data', async () => {
    const client = makeClient();
    let fetched: ReturnType<typeof useFetch<typeof api.get>> | undefined;
    const View = defineComponent({
      setup() {
        fetched = useFetch(api.get, { id: 1 });
        const article = useCache(api.get, { id: 1 });
        return () => h('h1', article.value?.title ?? 'none');
      },
    });
    const wrapper = mountWith(View, client);
    expect(isRef(fetched)).toBe(true);
    const promise = fetched!.value!;
    expect(promise.resolved).toBe(false);
    const data = await promise;
    expect(promise.resolved).toBe(true);
    expect(data).toBe(client.controller.getResponse(api.get, { id: 1 }).data);
    expect(data.title).toBe('Article 1');
    await until(() => textOf(wrapper, 'h1') === 'Article 1');
    expect(requestsTo(server, '/articles/1')).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('does not fetch fresh data: the promise resolves with what the store holds', async () => {
    const client = makeClient();
    await client.controller.fetch(api.get, { id: 2 });
    let promise: Promise<unknown> | undefined;
    const View = defineComponent({
      setup() {
        promise = useFetch(api.get, { id: 2 }).value;
        return () => h('p');
      },
    });
    const wrapper = mountWith(View, client);
    expect(await promise).toBe(client.controller.getResponse(api.get, { id: 2 }).data);
    expect(requestsTo(server, '/articles/2')).toBe(1);
    wrapper.unmount();
  });

  it('follows its arguments: null fetches nothing and holds no promise; a new id fetches it', async () => {
    const client = makeClient();
    const id = ref<number | null>(null);
    let fetched: ReturnType<typeof useFetch<typeof api.get>> | undefined;
    const View = defineComponent({
      setup() {
        fetched = useFetch(api.get, () => (id.value === null ? null : { id: id.value }));
        return () => h('p');
      },
    });
    const wrapper = mountWith(View, client);
    await nextTick();
    expect(fetched!.value).toBeUndefined();
    expect(server.requests).toHaveLength(0);
    id.value = 3;
    await nextTick();
    expect((await fetched!.value)?.title).toBe('Article 3');
    id.value = null;
    await nextTick();
    expect(fetched!.value).toBeUndefined();
    expect(requestsTo(server, '/articles/3')).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('refetches an invalidated result while mounted, and nothing after unmount', async () => {
    const client = makeClient();
    const View = defineComponent({
      setup() {
        useFetch(api.get, { id: 1 });
        return () => h('p');
      },
    });
    const wrapper = mountWith(View, client);
    await until(() => requestsTo(server, '/articles/1') === 1 && client.controller.getResponse(api.get, { id: 1 }).data !== undefined);
    await client.controller.invalidate(api.get, { id: 1 });
    await until(() => requestsTo(server, '/articles/1') === 2);
    wrapper.unmount();
    await client.controller.invalidate(api.get, { id: 1 });
    await new Promise(resolve => setTimeout(resolve, 30));
    expect(requestsTo(server, '/articles/1')).toBe(2);
  });

  it('a failed fetch rejects its promise with the NetworkError (never unhandled) and leaves the store as it was', async () => {
    const client = makeClient();
    let promise: Promise<unknown> | undefined;
    const View = defineComponent({
      setup() {
        promise = useFetch(api.get, { id: 99 }).value;
        return () => h('p');
      },
    });
    const wrapper = mountWith(View, client);
    const error = await promise!.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(404);
    expect(client.controller.getResponse(api.get, { id: 99 }).data).toBeUndefined();
    wrapper.unmount();
  });
});
