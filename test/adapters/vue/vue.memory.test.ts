// @vitest-environment jsdom
// Leak spec of the Vue adapter: every composable lets go of the store when its scope ends, and
// the store keeps no reference to an unmounted component.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, effectScope, h, ref } from 'vue';
import { flushPromises } from '@vue/test-utils';
import {
  useCache,
  useCancelling,
  useDLE,
  useDebounce,
  useLive,
  useQuery,
  useSubscription,
  useSuspense,
} from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, reseed, requestsTo, tick, until, watcherCount } from './fixtures.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const { server, api, articles } = await articleServer(20);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles, 20));

const polled = api.get.extend({ pollFrequency: 30 });

/** A component using every composable that holds a store subscription. */
const Everything = defineComponent({
  props: { id: { type: Number, required: true } },
  async setup(props) {
    const args = () => ({ id: props.id });
    useSubscription(polled, args);
    const dle = useDLE(useCancelling(api.get, args), args);
    const cached = useCache(api.get, args);
    const queried = useQuery(Article, args);
    const [debounced] = useDebounce(() => props.id, 10);
    const [live, data] = await Promise.all([useLive(polled, args), useSuspense(api.get, args)]);
    return () =>
      h('p', { class: 'row' }, [live.value?.title, data.value?.title, dle.data.value?.title, cached.value?.title, queried.value?.title, debounced.value].join('|'));
  },
});

describe('Vue adapter memory', () => {
  it('mount/unmount cycles leave no watched views, subscriptions, polling timers or requests', async () => {
    const client = makeClient();
    for (let round = 0; round < 5; round++) {
      const ids = ref(Array.from({ length: 20 }, (_, i) => i + 1));
      const List = defineComponent({
        setup() {
          return () => h('div', ids.value.map(id => h(Everything, { key: id, id })));
        },
      });
      const { wrapper } = mountSuspended(List, client);
      await until(() => wrapper.findAll('.row').length === 20);
      expect(client.stats().subscriptions).toBe(20);
      // Dropping half the rows releases theirs at once.
      ids.value = ids.value.slice(0, 10);
      await flushPromises();
      expect(client.stats().subscriptions).toBe(10);
      wrapper.unmount();
      expect(watcherCount(client)).toBe(0);
      // Requests already sent (a poll that just fired) finish and are not repeated.
      await until(() => client.stats().inflight === 0);
      expect(watcherCount(client)).toBe(0);
    }
    const before = requestsTo(server, '/articles/1');
    await tick(100);
    expect(requestsTo(server, '/articles/1')).toBe(before);
  });

  it('an unmounted component and the refs it handed out can be garbage collected', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    const refs: WeakRef<object>[] = [];
    const Probe = defineComponent({
      props: { id: { type: Number, required: true } },
      setup(props) {
        const dle = useDLE(api.get, () => ({ id: props.id }));
        const queried = useQuery(Article, () => ({ id: props.id }));
        refs.push(new WeakRef(dle.data), new WeakRef(queried));
        return () => h('i', dle.data.value?.title);
      },
    });
    await (async () => {
      const { wrapper } = mountSuspended(
        defineComponent({ setup: () => () => Array.from({ length: 50 }, (_, i) => h(Probe, { key: i, id: (i % 20) + 1 })) }),
        client,
      );
      await flushPromises();
      wrapper.unmount();
    })();
    for (let i = 0; i < 5 && refs.some(r => r.deref() !== undefined); i++) {
      await tick(10);
      gc();
    }
    expect(refs.filter(r => r.deref() !== undefined)).toHaveLength(0);
    expect(watcherCount(client)).toBe(0);
  });

  it('a composable used in a bare effect scope releases everything when the scope stops', async () => {
    const client = makeClient();
    // `useDataClient` needs an injection context: run the scope inside the app's context.
    const { wrapper } = mountSuspended(defineComponent({ setup: () => () => h('i') }), client);
    const app = wrapper.vm.$.appContext.app;
    const scope = effectScope();
    app.runWithContext(() =>
      scope.run(() => {
        useSubscription(polled, { id: 3 });
        useDLE(api.get, { id: 4 });
      }),
    );
    expect(client.stats().subscriptions).toBe(1);
    expect(watcherCount(client)).toBeGreaterThan(1);
    scope.stop();
    expect(watcherCount(client)).toBe(0);
    wrapper.unmount();
  });
});
