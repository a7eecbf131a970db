// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { NetworkError } from '../../../src/core/index.js';
import { useController, useLoading } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountWith, reseed, until } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

describe('useLoading', () => {
  it('tracks a call: loading while in flight, the result returned, the error kept', async () => {
    const client = makeClient();
    let save!: (title: string) => Promise<unknown>;
    const View = defineComponent({
      setup() {
        const ctrl = useController();
        const [run, loading, error] = useLoading((title: string) => ctrl.fetch(api.partialUpdate, { id: 1 }, { title }));
        save = run;
        return () => h('p', loading.value ? 'saving' : error.value ? `failed ${(error.value as NetworkError).status}` : 'idle');
      },
    });
    const wrapper = mountWith(View, client);
    const gate = server.next.hold();
    const pending = save('Saved');
    await nextTick();
    expect(wrapper.text()).toBe('saving');
    await gate();
    const result = (await pending) as { title: string };
    expect(result.title).toBe('Saved');
    await nextTick();
    expect(wrapper.text()).toBe('idle');
    server.next.status(422, { error: 'invalid' });
    expect(await save('Bad')).toBeUndefined();
    await until(() => wrapper.text() === 'failed 422');
    wrapper.unmount();
  });

  it('after unmount calls still run but do not write the refs', async () => {
    const client = makeClient();
    let save!: () => Promise<unknown>;
    let loadingRef!: { readonly value: boolean };
    const View = defineComponent({
      setup() {
        const ctrl = useController();
        const [run, loading] = useLoading(() => ctrl.fetch(api.partialUpdate, { id: 2 }, { title: 'Late' }));
        save = run;
        loadingRef = loading;
        return () => h('p');
      },
    });
    const wrapper = mountWith(View, client);
    wrapper.unmount();
    await save();
    expect(loadingRef.value).toBe(false);
    expect(articles.get(2)!.title).toBe('Late');
  });
});
