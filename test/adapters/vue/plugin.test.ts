// @vitest-environment jsdom
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h } from 'vue';
import { mount } from '@vue/test-utils';
import { DataClientPlugin, useController, useDataClient, useDLE } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, until, watcherCount, type DataClient } from './fixtures.js';

const { server, api } = await articleServer(3);
afterAll(() => server.close());

describe('DataClientPlugin', () => {
  it('provides the given client and leaves its lifetime to the caller', () => {
    const client = makeClient();
    const destroy = vi.spyOn(client, 'destroy');
    let seen: DataClient | undefined;
    let ctrl: unknown;
    const Probe = defineComponent({
      setup() {
        seen = useDataClient();
        ctrl = useController();
        return () => h('p', 'ok');
      },
    });
    const wrapper = mount(Probe, { global: { plugins: [[DataClientPlugin, { client }]] } });
    expect(seen).toBe(client);
    expect(ctrl).toBe(client.controller);
    wrapper.unmount();
    expect(destroy).not.toHaveBeenCalled();
    client.destroy();
  });

  it('creates a client from options when none is given and destroys it on app.unmount()', async () => {
    let seen: DataClient | undefined;
    const Probe = defineComponent({
      setup() {
        seen = useDataClient();
        const { data } = useDLE(api.get, { id: 1 });
        return () => h('p', data.value?.title ?? 'none');
      },
    });
    const root = document.createElement('div');
    const app = createApp(Probe);
    app.use(DataClientPlugin, { initialState: undefined });
    app.mount(root);
    expect(seen).toBeDefined();
    const destroy = vi.spyOn(seen!, 'destroy');
    await until(() => root.textContent === 'Article 1');
    expect(watcherCount(seen!)).toBeGreaterThan(0);
    app.unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(watcherCount(seen!)).toBe(0);
  });

  it('useController() outside an app with the plugin throws an Error naming the composable', () => {
    const Probe = defineComponent({
      setup() {
        useController();
        return () => null;
      },
    });
    // Vue reports the component whose setup threw as having no render function: expected here.
    const vueWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => mount(Probe)).toThrow(/useController\(\) needs app.use\(DataClientPlugin\)/);
    expect(vueWarn.mock.calls.map(c => String(c[0]))).toEqual([expect.stringMatching(/^\[Vue warn\]: Component is missing template or render function/)]);
    vueWarn.mockRestore();
    expect(() => useController()).toThrow(/useController\(\)/);
  });
});
