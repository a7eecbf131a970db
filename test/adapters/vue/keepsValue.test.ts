// @vitest-environment jsdom
// A ref typed as the data is never undefined once it had data: while useSuspense's data is fetched
// again (after invalidate, a reset, an expired invalidIfStale endpoint) the ref keeps the last value,
// as Solid's resource does. useMembers follows membership in a subscription of its own and leaves
// the ref it was given to its other readers.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { computed, defineComponent, h, nextTick, type ComputedRef } from 'vue';
import { useEntity, useMembers, useSuspense } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, reseed, textOf, until } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

describe('useSuspense keeps its last value while the data is fetched again', () => {
  const seen: (Article | undefined)[] = [];
  const Title = defineComponent({
    async setup() {
      const article = await useSuspense(api.get, { id: 1 });
      // a template written for the type: `article.value.title`, no optional chaining
      return () => (seen.push(article.value), h('h1', article.value.title));
    },
  });

  for (const [what, act] of [
    ['invalidate', (c: ReturnType<typeof makeClient>) => c.controller.invalidate(api.get, { id: 1 })],
    ['resetEntireStore', (c: ReturnType<typeof makeClient>) => c.controller.resetEntireStore()],
  ] as const) {
    it(`after ${what}: the last article shows until the refetch lands, and nothing throws`, async () => {
      seen.length = 0;
      const client = makeClient();
      const { wrapper, errors } = mountSuspended(Title, client);
      await until(() => textOf(wrapper, 'h1') === 'Article 1');
      articles.items.set('1', { id: 1, title: 'Article 1, again', body: '' });
      const hold = server.next.hold();
      await act(client);
      await hold.arrived;
      await nextTick();
      expect(textOf(wrapper, 'h1')).toBe('Article 1');
      expect(seen.every(a => a !== undefined)).toBe(true);
      await hold();
      await until(() => textOf(wrapper, 'h1') === 'Article 1, again');
      expect(errors).toEqual([]);
      wrapper.unmount();
      client.destroy();
    });
  }

  it('an invalidIfStale endpoint past its expiry keeps showing the last value while refetching', async () => {
    const short = api.get.extend({ invalidIfStale: true, dataExpiryLength: 50 });
    const View = defineComponent({
      async setup() {
        const article = await useSuspense(short, { id: 2 });
        return () => h('h1', article.value.title);
      },
    });
    const client = makeClient();
    const { wrapper, errors } = mountSuspended(View, client);
    await until(() => textOf(wrapper, 'h1') === 'Article 2');
    const hold = server.next.hold();
    await new Promise(r => setTimeout(r, 80));
    // an unrelated write makes the view read again: the data is now invalid, a refetch starts
    await client.controller.invalidate(short, { id: 2 });
    await hold.arrived;
    await nextTick();
    expect(textOf(wrapper, 'h1')).toBe('Article 2');
    await hold();
    expect(errors).toEqual([]);
    wrapper.unmount();
    client.destroy();
  });
});

describe('useMembers leaves the ref it was given to its other readers', () => {
  it('a heading computed from the same useSuspense ref follows an entity update', async () => {
    const state: { heading?: ComputedRef<string> } = {};
    const Row = defineComponent({
      props: { article: { type: Article, required: true } },
      setup(props) {
        const article = useEntity(() => props.article);
        return () => h('li', article.value.title);
      },
    });
    const List = defineComponent({
      async setup() {
        const list = await useSuspense(api.getList);
        const members = useMembers(list);
        const heading = computed(() => `First: ${list.value[0]!.title}`);
        state.heading = heading;
        return () => h('div', [h('h2', heading.value), h('ul', members.value.map(a => h(Row, { key: a.id, article: a })))]);
      },
    });
    const client = makeClient();
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === 3);
    expect(textOf(wrapper, 'h2')).toBe('First: Article 1');
    await client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'Renamed', body: '' });
    await until(() => textOf(wrapper, 'li') === 'Renamed');
    await nextTick();
    expect(state.heading!.value).toBe('First: Renamed');
    expect(textOf(wrapper, 'h2')).toBe('First: Renamed');
    wrapper.unmount();
    client.destroy();
  });
});
