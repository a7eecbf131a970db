// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import ScriptSetupArticle from './ScriptSetupArticle.vue';
import ScriptSetupList from './ScriptSetupList.vue';
import { articleServer, makeClient, mountSuspended, textOf, until, watcherCount } from './fixtures.js';

const { server, api } = await articleServer(3);
afterAll(() => server.close());

describe('<script setup> single-file component', () => {
  it('awaits useSuspense at the top level and runs composables after the await', async () => {
    const client = makeClient();
    const { wrapper, errors } = mountSuspended(ScriptSetupArticle, client, () => ({ api, id: 2 }));
    await until(() => textOf(wrapper, 'h1') !== '');
    expect(errors).toEqual([]);
    expect(textOf(wrapper, 'h1')).toBe('Article 2 / Body 2');
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });

  it('the list of useSuspense in a template v-for keyed by article.id: an update re-renders its row, not the list', async () => {
    const client = makeClient();
    const counts = { list: 0, rows: new Map<number, number>() };
    const { wrapper, errors } = mountSuspended(ScriptSetupList, client, () => ({ api, counts }));
    await until(() => wrapper.findAll('li').length === 3);
    expect(errors).toEqual([]);
    client.controller.setResponse(api.get, { id: 2 }, { id: 2, title: 'Two, local', body: '' });
    await nextTick();
    await nextTick();
    expect(textOf(wrapper, '#row-2')).toBe('Two, local');
    expect([...counts.rows]).toEqual([[2, 1]]);
    expect(counts.list).toBe(0);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
  });
});
