// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import ScriptSetupArticle from './ScriptSetupArticle.vue';
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
});
