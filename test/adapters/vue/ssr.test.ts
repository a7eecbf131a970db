// @vitest-environment jsdom
// Server rendering: `renderToString` awaits the data, the page ships `getState()`, and the client
// app hydrates from it without fetching fresh data again.
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSSRApp, defineComponent, h, Suspense } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { flushPromises } from '@vue/test-utils';
import { DataClientPlugin, useCache, useDLE, useLive, useSuspense } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, reseed, watcherCount } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

const ArticlePage = defineComponent({
  props: { id: { type: Number, required: true } },
  async setup(props) {
    const args = () => ({ id: props.id });
    // Every composable runs before the first `await` (a plain async setup loses the instance there).
    const cached = useCache(api.get, args);
    const { data, loading } = useDLE(api.get, args);
    const [article, list] = await Promise.all([useSuspense(api.get, args), useLive(api.getList)]);
    return () =>
      h('main', [
        h('h1', article.value?.title),
        h('ul', list.value?.map(a => h('li', { key: a.id }, a.title))),
        h('p', { class: 'cache' }, cached.value?.body),
        h('p', { class: 'dle' }, loading.value ? 'loading' : data.value?.body),
      ]);
  },
});

const App = defineComponent({
  setup: () => () => h(Suspense, null, { default: () => h(ArticlePage, { id: 2 }) }),
});

describe('server rendering', () => {
  it('renderToString renders data fetched on the server; hydration from getState() does not refetch', async () => {
    // Server: a client per request, given to the plugin.
    const serverClient = makeClient();
    const serverApp = createSSRApp(App);
    serverApp.use(DataClientPlugin, { client: serverClient });
    const html = await renderToString(serverApp);
    expect(html).toContain('<h1>Article 2</h1>');
    expect(html).toContain('<li>Article 1</li><li>Article 2</li><li>Article 3</li>');
    expect(html).toContain('<p class="cache">Body 2</p>');
    expect(html).toContain('<p class="dle">Body 2</p>');
    // Nothing stays subscribed on the server: nothing would ever unmount it.
    expect(watcherCount(serverClient)).toBe(0);
    const payload = JSON.stringify(serverClient.controller.getState());
    serverClient.destroy();

    // Client: hydrate the server's markup from the serialized state.
    server.requests.length = 0;
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    const clientApp = createSSRApp(App);
    clientApp.use(DataClientPlugin, { initialState: JSON.parse(payload) });
    clientApp.mount(container);
    await flushPromises();
    expect(container.querySelector('h1')?.textContent).toBe('Article 2');
    expect(container.querySelectorAll('li')).toHaveLength(3);
    expect(server.requests).toHaveLength(0);
    const hydrationMessages = [...warn.mock.calls, ...error.mock.calls].filter(c => /hydrat/i.test(String(c[0])));
    expect(hydrationMessages).toEqual([]);
    warn.mockRestore();
    error.mockRestore();
    clientApp.unmount();
  });
});
