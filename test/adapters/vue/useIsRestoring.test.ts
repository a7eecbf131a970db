// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { defineComponent, h, isReadonly } from 'vue';
import { persist, type PersistStorage } from '../../../src/core/index.js';
import { useIsRestoring } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountWith, until } from './fixtures.js';

const { server, api } = await articleServer(3);
afterAll(() => server.close());

describe('useIsRestoring (Vue)', () => {
  it('is true until the restore is done, then false; the restored data is there without a request', async () => {
    const mem = new Map<string, string>();
    const backing: PersistStorage = { getItem: k => mem.get(k) ?? null, setItem: (k, v) => void mem.set(k, v), removeItem: k => void mem.delete(k) };
    const first = makeClient();
    const p1 = persist(first, { storage: backing });
    await p1.restored;
    await first.controller.fetch(api.get, { id: 2 });
    await p1.flush();
    first.destroy();
    server.requests.length = 0;

    let open!: () => void;
    const gate = new Promise<void>(r => (open = r));
    const client = makeClient();
    const { restored } = persist(client, { storage: { ...backing, getItem: async k => (await gate, mem.get(k) ?? null) } });
    let ref: ReturnType<typeof useIsRestoring> | undefined;
    const View = defineComponent({
      setup() {
        ref = useIsRestoring();
        return () => h('p', ref!.value ? 'restoring' : 'ready');
      },
    });
    const wrapper = mountWith(View, client);
    expect(wrapper.text()).toBe('restoring');
    expect(isReadonly(ref!)).toBe(true);
    open();
    await restored;
    await until(() => wrapper.text() === 'ready');
    expect(client.controller.getResponse(api.get, { id: 2 }).data).toMatchObject({ title: 'Article 2' });
    expect(server.requests).toHaveLength(0);
    wrapper.unmount();
    client.destroy();
  });
});
