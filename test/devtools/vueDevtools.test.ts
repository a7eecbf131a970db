// @vitest-environment jsdom
// `app.use(DataClientPlugin, { devtools: true })` registers a rest-signals inspector and timeline
// layer through the Vue Devtools hook. The devtools' own runtime (@vue/devtools-kit, what the
// browser extension and the Vite plugin start) is initialised here so the global hook exists;
// the inspector is then queried the way the devtools frontend queries it.
import { devtoolsContext, devtoolsPluginBuffer, devtoolsState, initDevTools } from '@vue/devtools-kit';
import { effect } from '@preact/signals-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h, type App } from 'vue';
import { DataClientPlugin } from '../../src/adapters/vue/index.js';
import type { DataClient } from '../../src/core/index.js';
import { VUE_DEVTOOLS_ID } from '../../src/devtools/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer } from '../client/fixtures.js';

// Under Node, `@vue/devtools-api` resolves to its server build, whose functions do nothing; its
// browser build is a re-export of `@vue/devtools-kit`. Give the plugin what a browser gets.
vi.mock('@vue/devtools-api', async () => {
  const kit = await import('@vue/devtools-kit');
  return { setupDevtoolsPlugin: kit.setupDevToolsPlugin, setupDevToolsPlugin: kit.setupDevToolsPlugin };
});

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;
let app: App | undefined;

beforeAll(() => {
  initDevTools();
});
beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  client = makeClient();
});
afterEach(async () => {
  app?.unmount();
  app = undefined;
  client.destroy();
  await server.close();
});

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise(r => setTimeout(r, 10));
  }
}

const ours = () => devtoolsPluginBuffer.filter(([d]) => d.id === VUE_DEVTOOLS_ID && d.app === app);

describe('DataClientPlugin({ devtools: true })', () => {
  it('registers an inspector that answers getInspectorTree / getInspectorState with the store, and a timeline layer', async () => {
    app = createApp(defineComponent({ render: () => h('p', 'app') }));
    app.use(DataClientPlugin, { client, devtools: true });
    app.mount(document.createElement('div'));
    await until(() => ours().length === 1);
    const stop = effect(() => void client.dle(ep.getUsers).value);
    await client.controller.fetch(ep.getUsers);
    server.next.status(404, { error: 'gone' });
    await client.controller.fetch(ep.getUser, { id: 7 }).catch(() => undefined);

    const inspector = devtoolsContext.api;
    const tree = (await inspector.getInspectorTree({ inspectorId: VUE_DEVTOOLS_ID, filter: '' })) as unknown as {
      id: string; label: string; children?: { id: string; label: string; tags?: { label: string }[]; children?: { id: string; label: string; tags?: { label: string }[] }[] }[];
    }[];
    expect(tree.map(n => n.id)).toEqual(['entities', 'results']);
    const users = tree[0]!.children!.find(n => n.id === 'type:User')!;
    expect(users.label).toBe('User (3)');
    expect(users.children!.map(c => c.label)).toEqual(['1', '2', '3']);
    expect(users.children![0]!.tags!.map(t => t.label)).toContain('1 watching');
    const results = tree[1]!.children!;
    expect(results.find(r => r.label === ep.getUsers.key())!.tags!.map(t => t.label)).toEqual(['fresh']);
    expect(results.find(r => r.label === ep.getUser.key({ id: 7 }))!.tags!.map(t => t.label)).toContain('error');

    const filtered = (await inspector.getInspectorTree({ inspectorId: VUE_DEVTOOLS_ID, filter: 'user:2' })) as unknown as typeof tree;
    expect(filtered[0]!.children![0]!.children!.map(c => c.label)).toEqual(['2']);

    const entity = (await inspector.getInspectorState({ inspectorId: VUE_DEVTOOLS_ID, nodeId: users.children![1]!.id })) as Record<string, { key: string; value: unknown }[]>;
    expect(Object.fromEntries(entity.entity!.map(f => [f.key, f.value]))).toMatchObject({ type: 'User', pk: '2', value: { id: 2, name: 'Bob' }, watchers: 1 });
    const result = (await inspector.getInspectorState({ inspectorId: VUE_DEVTOOLS_ID, nodeId: `result:${ep.getUser.key({ id: 7 })}` })) as typeof entity;
    expect(Object.fromEntries(result.result!.map(f => [f.key, f.value]))).toMatchObject({ error: expect.stringMatching(/404/), data: undefined });

    // the timeline layer is registered under the plugin's id
    expect(Object.keys(devtoolsState.timelineLayersState)).toContain(VUE_DEVTOOLS_ID);
    stop();
  });

  it('loads nothing for an app without devtools: true', async () => {
    app = createApp(defineComponent({ render: () => h('p', 'app') }));
    app.use(DataClientPlugin, { client });
    app.mount(document.createElement('div'));
    await new Promise(r => setTimeout(r, 50));
    expect(ours()).toEqual([]);
  });
});
