// Shared fixtures of the Vue adapter specs: a loopback server seeded with articles, the resource
// pointing at it, mount helpers and the store's watcher counts.
import { mount } from '@vue/test-utils';
import { defineComponent, h, onErrorCaptured, shallowRef, Suspense } from 'vue';
import type { Component } from 'vue';
import { Entity, createDataClient, resource, ImmortalGCPolicy } from '../../../src/core/index.js';
import { DataClientPlugin } from '../../../src/adapters/vue/index.js';
import { createTestServer, type MemoryResource, type TestServer } from '../../server/createTestServer.js';

export class Article extends Entity {
  id = 0;
  title = '';
  body = '';
  static override key = 'Article';
}

export function seedArticles(count: number): { id: number; title: string; body: string }[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, title: `Article ${i + 1}`, body: `Body ${i + 1}` }));
}

export function articleResource(server: TestServer) {
  return resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
}

export type ArticleApi = ReturnType<typeof articleResource>;
export type DataClient = ReturnType<typeof createDataClient>;

/** A server with `count` articles at `/articles`, and its resource. */
export async function articleServer(count = 3): Promise<{ server: TestServer; api: ArticleApi; articles: MemoryResource }> {
  const server = await createTestServer();
  const articles = server.resource('/articles', seedArticles(count));
  return { server, api: articleResource(server), articles };
}

/** Puts the server's articles back to the `count` seeded ones and forgets the request log. */
export function reseed(server: TestServer, articles: MemoryResource, count = 3): void {
  articles.items.clear();
  for (const item of seedArticles(count)) articles.items.set(String(item.id), item);
  server.requests.length = 0;
}

/** A client without GC timers, so watcher counts reflect the views alone. */
export function makeClient(): DataClient {
  return createDataClient({ gcPolicy: new ImmortalGCPolicy() });
}

/** Watched store signals plus polling subscriptions and timers (0 once every view is gone). */
export function watcherCount(client: DataClient): number {
  const stats = client.stats();
  return stats.watchedViews + stats.subscriptions + stats.timers;
}

/** Requests the server received for `path` (method GET unless given). */
export function requestsTo(server: TestServer, path: string, method = 'GET'): number {
  return server.requests.filter(r => r.method === method && r.path === path).length;
}

export const tick = (ms = 0) => new Promise(resolve => setTimeout(resolve, ms));

/** Resolves once `check()` holds, polling every 5 ms (fails after `timeout` ms). */
export async function until(check: () => boolean, timeout = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error(`condition not met within ${timeout} ms: ${check.toString()}`);
    await tick(5);
  }
}

/** The text of the first element matching `selector`, or '' when there is none. */
export function textOf(wrapper: { find(selector: string): { exists(): boolean; text(): string } }, selector: string): string {
  const found = wrapper.find(selector);
  return found.exists() ? found.text() : '';
}

/** Mounts `component` with `props` in an app that uses `DataClientPlugin` with `client`. */
export function mountWith(component: Component, client: DataClient, props: Record<string, unknown> = {}) {
  return mount(component, { props, global: { plugins: [[DataClientPlugin, { client }]] } });
}

/**
 * Mounts `component` under `<Suspense>` (fallback `<p class="fallback">`) inside a parent that
 * records every error reaching `onErrorCaptured` (shown as `<p class="error">`).
 */
export function mountSuspended(component: Component, client: DataClient, props: () => Record<string, unknown> = () => ({}), timeout?: number) {
  const errors: unknown[] = [];
  const Host = defineComponent({
    setup() {
      const failed = shallowRef<unknown>(undefined);
      onErrorCaptured(error => {
        errors.push(error);
        failed.value = error;
        return false;
      });
      return () =>
        failed.value !== undefined
          ? h('p', { class: 'error' }, String((failed.value as Error).message))
          : h(Suspense, timeout === undefined ? null : { timeout }, {
              default: () => h(component, props()),
              fallback: () => h('p', { class: 'fallback' }, 'Loading…'),
            });
    },
  });
  const wrapper = mountWith(Host, client);
  return { wrapper, errors };
}
