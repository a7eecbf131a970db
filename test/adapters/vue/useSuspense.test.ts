// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref, shallowRef } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { NetworkError, RestEndpoint } from '../../../src/core/index.js';
import { useSuspense } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, reseed, requestsTo, textOf, until, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

/** Renders the title of article `id` (a prop) through `useSuspense`. */
const ArticleTitle = defineComponent({
  props: { id: { type: Number, required: true } },
  async setup(props) {
    const article = await useSuspense(api.get, () => ({ id: props.id }));
    return () => h('h1', article.value?.title ?? '(none)');
  },
});

describe('useSuspense', () => {
  it('suspends under <Suspense> until the data is in the store, then renders it', async () => {
    const client = makeClient();
    const { wrapper } = mountSuspended(ArticleTitle, client, () => ({ id: 1 }));
    expect(wrapper.find('.fallback').exists()).toBe(true);
    await until(() => wrapper.find('h1').exists());
    expect(wrapper.find('h1').text()).toBe('Article 1');
    expect(wrapper.find('.fallback').exists()).toBe(false);
    expect(requestsTo(server, '/articles/1')).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('resolves without a request when fresh data is already in the store', async () => {
    const client = makeClient();
    await client.controller.fetch(api.get, { id: 2 });
    server.requests.length = 0;
    const { wrapper } = mountSuspended(ArticleTitle, client, () => ({ id: 2 }));
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('Article 2');
    expect(server.requests).toHaveLength(0);
    wrapper.unmount();
  });

  it('follows store updates (a mutation elsewhere) without showing the fallback again', async () => {
    const client = makeClient();
    const { wrapper } = mountSuspended(ArticleTitle, client, () => ({ id: 1 }));
    await until(() => wrapper.find('h1').exists());
    await client.controller.fetch(api.partialUpdate, { id: 1 }, { title: 'Renamed' });
    await nextTick();
    expect(wrapper.find('h1').text()).toBe('Renamed');
    expect(wrapper.find('.fallback').exists()).toBe(false);
    wrapper.unmount();
  });

  it('a failed first load rejects the setup and reaches onErrorCaptured as a NetworkError', async () => {
    const client = makeClient();
    const { wrapper, errors } = mountSuspended(ArticleTitle, client, () => ({ id: 404 }));
    await until(() => errors.length > 0);
    expect(errors[0]).toBeInstanceOf(NetworkError);
    expect((errors[0] as NetworkError).status).toBe(404);
    await nextTick();
    expect(wrapper.find('.error').exists()).toBe(true);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('a reply that does not fit the schema reaches onErrorCaptured with an error naming the entity', async () => {
    const client = makeClient();
    server.route('GET', '/broken/:id', () => ({ title: 'no primary key' }));
    const broken = new RestEndpoint({ urlPrefix: server.url, path: '/broken/:id', schema: Article });
    const View = defineComponent({
      async setup() {
        const article = await useSuspense(broken, { id: 1 });
        return () => h('h1', article.value.title);
      },
    });
    const { wrapper, errors } = mountSuspended(View, client);
    await until(() => errors.length > 0);
    expect(String((errors[0] as Error).message)).toMatch(/Article/);
    expect(String((errors[0] as Error).message)).toMatch(/no primary key/);
    expect(client.controller.getResponse(broken, { id: 1 }).data).toBeUndefined();
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('malformed JSON reaches onErrorCaptured with an error naming the URL', async () => {
    const client = makeClient();
    server.next.malformed();
    const { wrapper, errors } = mountSuspended(ArticleTitle, client, () => ({ id: 3 }));
    await until(() => errors.length > 0);
    expect(String((errors[0] as Error).message)).toContain(`${server.url}/articles/3`);
    wrapper.unmount();
  });

  it('an error after the first load is thrown on read and reaches onErrorCaptured', async () => {
    const client = makeClient();
    const { wrapper, errors } = mountSuspended(ArticleTitle, client, () => ({ id: 1 }));
    await until(() => wrapper.find('h1').exists());
    // A 404 is a hard error: it replaces the data (a 5xx would be soft and keep it).
    server.next.status(404, { error: 'gone' });
    await client.controller.fetch(api.get, { id: 1 }).catch(() => undefined);
    await until(() => errors.length > 0);
    expect(errors[0]).toBeInstanceOf(NetworkError);
    expect((errors[0] as NetworkError).status).toBe(404);
    wrapper.unmount();
  });

  it('follows a prop getter: new arguments fetch, the ref keeps the last data until theirs arrives', async () => {
    const client = makeClient();
    const id = ref(1);
    const { wrapper } = mountSuspended(ArticleTitle, client, () => ({ id: id.value }));
    await until(() => textOf(wrapper, 'h1') === 'Article 1');
    const gate = server.next.hold();
    id.value = 2;
    await gate.arrived;
    await nextTick();
    // typed as the data: never undefined once it had data
    expect(wrapper.find('h1').text()).toBe('Article 1');
    await gate();
    await until(() => textOf(wrapper, 'h1') === 'Article 2');
    expect(requestsTo(server, '/articles/2')).toBe(1);
    // Back to loaded arguments: shown at once, no request.
    id.value = 1;
    await nextTick();
    await nextTick();
    expect(wrapper.find('h1').text()).toBe('Article 1');
    expect(requestsTo(server, '/articles/1')).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('follows a ref argument', async () => {
    const client = makeClient();
    const args = shallowRef({ id: 1 });
    const View = defineComponent({
      async setup() {
        const article = await useSuspense(api.get, args);
        return () => h('h1', article.value?.title);
      },
    });
    const { wrapper } = mountSuspended(View, client);
    await until(() => textOf(wrapper, 'h1') === 'Article 1');
    args.value = { id: 3 };
    await until(() => textOf(wrapper, 'h1') === 'Article 3');
    wrapper.unmount();
  });

  it('re-suspends when a keyed component switches to arguments not yet loaded', async () => {
    const client = makeClient();
    const id = ref(1);
    // A keyed component that is the Suspense root: a new key puts the boundary back to pending
    // (`timeout: 0` shows the fallback at once instead of keeping the old content meanwhile).
    const { wrapper } = mountSuspended(ArticleTitle, client, () => ({ id: id.value, key: id.value }), 0);
    await until(() => textOf(wrapper, 'h1') === 'Article 1');
    const gate = server.next.hold();
    id.value = 2;
    await gate.arrived;
    await nextTick();
    expect(wrapper.find('.fallback').exists()).toBe(true);
    await gate();
    await until(() => textOf(wrapper, 'h1') === 'Article 2');
    expect(wrapper.find('.fallback').exists()).toBe(false);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('null first argument means "not yet": nothing is fetched and the ref is undefined', async () => {
    const client = makeClient();
    const id = ref<number | null>(null);
    const View = defineComponent({
      async setup() {
        const article = await useSuspense(api.get, () => (id.value === null ? null : { id: id.value }));
        return () => h('h1', article.value?.title ?? '(none)');
      },
    });
    const { wrapper } = mountSuspended(View, client);
    await flushPromises();
    expect(wrapper.find('h1').text()).toBe('(none)');
    expect(server.requests).toHaveLength(0);
    expect(watcherCount(client)).toBe(0);
    id.value = 3;
    await until(() => textOf(wrapper, 'h1') === 'Article 3');
    id.value = null;
    await nextTick();
    expect(wrapper.find('h1').text()).toBe('(none)');
    expect(watcherCount(client)).toBe(0);
    wrapper.unmount();
  });

  it('several calls started together with Promise.all share one suspension', async () => {
    const client = makeClient();
    const View = defineComponent({
      async setup() {
        const [a, b] = await Promise.all([useSuspense(api.get, { id: 1 }), useSuspense(api.get, { id: 2 })]);
        return () => h('h1', `${a.value.title} + ${b.value.title}`);
      },
    });
    const { wrapper } = mountSuspended(View, client);
    await until(() => wrapper.find('h1').exists());
    expect(wrapper.find('h1').text()).toBe('Article 1 + Article 2');
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
