// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { useCancelling, useDLE } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountWith, reseed, tick, until, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

describe('useCancelling', () => {
  it('new arguments abort the previous request, which leaves nothing in the store', async () => {
    const client = makeClient();
    const id = ref(1);
    const View = defineComponent({
      setup() {
        const args = () => ({ id: id.value });
        const { data, error } = useDLE(useCancelling(api.get, args), args);
        return () => h('p', error.value ? `error ${error.value.name}` : (data.value?.title ?? 'loading'));
      },
    });
    const gate = server.next.hold();
    const wrapper = mountWith(View, client);
    await gate.arrived;
    id.value = 2;
    await until(() => wrapper.text() === 'Article 2');
    await gate(); // the server answers the aborted request; nobody listens
    await tick(30);
    expect(wrapper.text()).toBe('Article 2');
    const state = client.controller.getState() as unknown as { results?: Record<string, unknown>; entities?: Record<string, Record<string, unknown>> };
    expect(client.controller.getResponse(api.get, { id: 1 }).data).toBeUndefined();
    expect(client.controller.getError(api.get, { id: 1 })).toBeUndefined();
    expect(JSON.stringify(state)).not.toContain('Article 1');
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('the same arguments keep the same endpoint (no abort)', async () => {
    const client = makeClient();
    const id = ref(1);
    const seen: unknown[] = [];
    const View = defineComponent({
      setup() {
        const endpoint = useCancelling(api.get, () => ({ id: id.value }));
        return () => {
          seen.push(endpoint.value);
          return h('p', String(id.value));
        };
      },
    });
    const wrapper = mountWith(View, client);
    const first = seen[0] as { signal?: AbortSignal };
    id.value = 1;
    await tick(10);
    expect(first.signal?.aborted).toBe(false);
    id.value = 3;
    await until(() => seen.length > 1);
    expect(first.signal?.aborted).toBe(true);
    expect(seen.at(-1)).not.toBe(first);
    wrapper.unmount();
  });
});
