// @vitest-environment jsdom
// The deliberate differences from data-client 0.18 that docs/compat.md lists, each pinned by
// behaviour: if one of them changes, this test fails and the page must change with it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, defineComponent, h } from 'vue';
import { createDataClient, Entity, normalize, resource, schema, SchemaError, All } from '../../src/core/index.js';
import { createMockClient, UnmatchedRequestError } from '../../src/test/index.js';
import { renderDataClient } from '../../src/test/solid/index.js';
import { mountDataClient } from '../../src/test/vue/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { TodoResource } from '../testing/resources.js';

class Article extends Entity {
  id = 0;
  title = '';
  get shout(): string {
    return this.title.toUpperCase();
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  server.resource('/articles', [{ id: 1, title: 'hello' }]);
});
afterAll(() => server.close());

describe('keys', () => {
  it('a short lower-case class name (as a minifier leaves it) is refused with a hint to set static key', () => {
    const minified = { t: class t extends Entity { id = 0; } }.t;
    expect(() => minified.key).toThrow(/static key/);
    class Named extends Entity { id = 0; }
    expect(Named.key).toBe('Named');
  });
});

describe('REST endpoints', () => {
  it('a direct endpoint call resolves to entity instances, as controller.fetch does', async () => {
    const Articles = resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
    const one = await Articles.get({ id: 1 });
    expect(one).toBeInstanceOf(Article);
    expect(one.shout).toBe('HELLO');
    const list = await Articles.getList();
    expect(list[0]).toBeInstanceOf(Article);
    const client = createDataClient();
    const fetched = await client.controller.fetch(Articles.get, { id: 1 });
    expect(fetched).toBeInstanceOf(Article);
    expect({ ...fetched }).toEqual({ ...one });
    client.destroy();
  });
});

describe('schemas', () => {
  it('a list schema given an object rejects on the store path, where data-client (and the pure normalize) takes its values', async () => {
    const map = { a: { id: 1, title: 'x' }, b: { id: 2, title: 'y' } };
    const client = createDataClient();
    try {
      for (const list of [[Article], new schema.Array(Article), new All(Article)]) {
        await expect(client.controller.set(list, map)).rejects.toThrow(SchemaError);
        expect(Object.keys(normalize(list, map).entities.Article!)).toEqual(['1', '2']);
      }
    } finally {
      client.destroy();
    }
  });
});

describe('controller and reads', () => {
  it('reads take no state: they read the client own store, optimistic layers included', () => {
    const client = createDataClient();
    client.controller.set(Article, { id: 1 }, { id: 1, title: 'mine' });
    const read = client.controller.get(Article, { id: 1 });
    expect(read?.title).toBe('mine');
    client.destroy();
  });
});

describe('testing utilities', () => {
  it('a fixture with args and a function response answers its exact key only, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const client = createMockClient({
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: ({ id }: { id: number }) => ({ id, title: `todo ${id}`, completed: false, userId: 1 }) },
      ],
    });
    await expect(client.controller.fetch(TodoResource.get, { id: 1 })).resolves.toMatchObject({ id: 1, title: 'todo 1' });
    await expect(client.controller.fetch(TodoResource.get, { id: 2 })).rejects.toBeInstanceOf(UnmatchedRequestError);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    client.destroy();
  });

  it('a fetchResponse interceptor may be async (its reply is awaited); returning a Response fails with a TypeError', async () => {
    const client = createMockClient({
      resolverFixtures: [
        {
          endpoint: TodoResource.get,
          async fetchResponse(input) {
            const id = Number(input.split('/').pop());
            return id === 1 ? { id, title: 'awaited' } : (new Response(JSON.stringify({ id, title: 'a Response' })) as never);
          },
        },
      ],
    });
    await expect(client.controller.fetch(TodoResource.get, { id: 1 })).resolves.toMatchObject({ id: 1, title: 'awaited' });
    await expect(client.controller.fetch(TodoResource.get, { id: 2 })).rejects.toThrow(/returned a Response; return the body the server would send instead/);
    client.destroy();
  });

  it('mountDataClient returns the Vue App as `app`, and the mock client as `client`', () => {
    const Empty = defineComponent({ setup: () => () => h('p', 'empty') });
    const mounted = mountDataClient(Empty);
    const appShape = Object.keys(createApp({})).sort();
    expect(Object.keys(mounted.app).sort()).toEqual(appShape);
    expect(typeof mounted.app.use).toBe('function');
    expect(mounted.client.controller).toBe(mounted.controller);
    expect(typeof mounted.client.stats).toBe('function');
    mounted.cleanup();
  });

  it('renderDataClient returns the mock client as `client` besides its controller', () => {
    const rendered = renderDataClient(() => 'empty');
    expect(rendered.client.controller).toBe(rendered.controller);
    expect(rendered.client.stats().watchedViews).toBe(0);
    rendered.unmount();
  });
});
