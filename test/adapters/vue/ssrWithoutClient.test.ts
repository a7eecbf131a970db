// Bug 4: on a server (no window), DataClientPlugin without its own client warns: a server render
// never unmounts the app, so a client the plugin made would outlive the request.
import { expect, it, vi } from 'vitest';
import { createSSRApp, h } from 'vue';
import { DataClientPlugin } from '../../../src/adapters/vue/index.js';
import { createDataClient } from '../../../src/core/index.js';

it('warns when installed on a server without a client', () => {
  expect(typeof window).toBe('undefined');
  const app = createSSRApp({ render: () => h('p') });
  app.use(DataClientPlugin);
  const warned = vi.mocked(console.warn).mock.calls.map(c => String(c[0]));
  expect(warned).toEqual([expect.stringMatching(/^\[rest-signals\] ssr-without-client: DataClientPlugin/)]);
  vi.mocked(console.warn).mockClear();
});

it('is silent when given a client', () => {
  const client = createDataClient();
  createSSRApp({ render: () => h('p') }).use(DataClientPlugin, { client });
  expect(vi.mocked(console.warn).mock.calls).toEqual([]);
  client.destroy();
});
