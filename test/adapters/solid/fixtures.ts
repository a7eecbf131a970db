// Shared fixtures of the Solid adapter specs: a loopback server seeded with articles, the
// resources pointing at it, and helpers reading the store's watcher counts.
import { Entity, createDataClient, resource } from '../../../src/core/index.js';
import { createTestServer, type MemoryResource, type TestServer } from '../../server/createTestServer.js';

export class Article extends Entity {
  id = 0;
  title = '';
  body = '';
  override pk() {
    return this.id;
  }
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

/** Puts the server's articles back to the `count` seeded ones. */
export function reseed(articles: MemoryResource, count = 3): void {
  articles.items.clear();
  for (const item of seedArticles(count)) articles.items.set(String(item.id), item);
}

/** Changes an article on the server only (the store learns it on the next fetch). */
export function editOnServer(articles: MemoryResource, id: number, fields: Record<string, unknown>): void {
  Object.assign(articles.get(id)!, fields);
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

/**
 * Asserts that requests stop: waits until none has arrived for `quietMs` (requests sent earlier
 * may still be on their way in a busy process), then checks that none arrives for `quietMs` more.
 * Polling at any frequency below `quietMs` never goes quiet, so this fails on a leaked timer.
 */
export async function expectRequestsToStop(server: TestServer, quietMs = 150, timeout = 4000): Promise<void> {
  const start = Date.now();
  let seen = server.requests.length;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() - start > timeout) throw new Error(`requests kept arriving for ${timeout} ms (${seen} in total)`);
    await tick(10);
    if (server.requests.length !== seen) {
      seen = server.requests.length;
      quietSince = Date.now();
    }
  }
  await tick(quietMs);
  if (server.requests.length !== seen) {
    throw new Error(`a request arrived after ${quietMs} ms of quiet: ${server.requests.at(-1)!.url}`);
  }
}
