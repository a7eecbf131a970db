// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { useLive, useSubscription, useCache } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountSuspended, mountWith, reseed, requestsTo, textOf, tick, until, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

const polled = api.get.extend({ pollFrequency: 40 });

describe('useLive', () => {
  it('suspends for the first load, then polls and shows new server data without suspending', async () => {
    const client = makeClient();
    const View = defineComponent({
      async setup() {
        const article = await useLive(polled, { id: 1 });
        return () => h('h1', article.value.title);
      },
    });
    const { wrapper } = mountSuspended(View, client);
    expect(wrapper.find('.fallback').exists()).toBe(true);
    await until(() => textOf(wrapper, 'h1') === 'Article 1');
    articles.get(1)!.title = 'Polled';
    await until(() => textOf(wrapper, 'h1') === 'Polled');
    expect(wrapper.find('.fallback').exists()).toBe(false);
    expect(client.stats().subscriptions).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    const after = requestsTo(server, '/articles/1');
    await tick(120);
    expect(requestsTo(server, '/articles/1')).toBe(after);
  });
});

describe('useSubscription', () => {
  it('polls while mounted without reading; unmount stops the timer', async () => {
    const client = makeClient();
    const View = defineComponent({
      setup() {
        useSubscription(polled, { id: 2 });
        const article = useCache(polled, { id: 2 });
        return () => h('p', article.value?.title ?? 'empty');
      },
    });
    const wrapper = mountWith(View, client);
    await until(() => wrapper.text() === 'Article 2');
    articles.get(2)!.title = 'Fresh';
    await until(() => wrapper.text() === 'Fresh');
    expect(client.stats().subscriptions).toBe(1);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    const after = requestsTo(server, '/articles/2');
    await tick(120);
    expect(requestsTo(server, '/articles/2')).toBe(after);
  });

  it('two views of the same arguments share one subscription; null subscribes to nothing', async () => {
    const client = makeClient();
    const View = defineComponent({
      props: { id: { type: Number, default: null } },
      setup(props) {
        useSubscription(polled, () => (props.id === null ? null : { id: props.id }));
        return () => h('i');
      },
    });
    const a = mountWith(View, client, { id: 3 });
    const b = mountWith(View, client, { id: 3 });
    const c = mountWith(View, client, {});
    expect(client.stats().subscriptions).toBe(1);
    a.unmount();
    expect(client.stats().subscriptions).toBe(1);
    b.unmount();
    c.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
