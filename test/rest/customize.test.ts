import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RestEndpoint, type EndpointInstance, type RestGenerics } from '../../src/core/rest/index.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';
import { Todo } from './fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  server.route('GET', '/*rest', req => ({ url: req.url }));
});
afterAll(() => server.close());

describe('RestEndpoint customization points', () => {
  it('urlPrefix as a subclass instance property', async () => {
    class Api<O extends RestGenerics = any> extends RestEndpoint<O> {
      override urlPrefix = server.url;
    }
    const ep = new Api({ path: '/a/:id' });
    expect(await ep.fetch({ id: 1 })).toEqual({ url: '/a/1' });
    expect(ep.extend({ path: '/b' }).url()).toBe(`${server.url}/b`);
  });

  it('searchToString and url overrides', async () => {
    const ep = new RestEndpoint({
      urlPrefix: server.url,
      path: '/list',
      searchToString(params) {
        return Object.keys(params)
          .map(k => `${k}[]=${String(params[k])}`)
          .join('&');
      },
    });
    await ep.fetch({ tag: 'x' });
    expect(server.lastRequest!.url).toBe('/list?tag[]=x');
    const custom = ep.extend({ url: () => `${server.url}/fixed` });
    await custom.fetch({ tag: 'y' });
    expect(server.lastRequest!.url).toBe('/fixed');
  });

  it('process transforms the parsed reply (fetch) and the typed call sees it', async () => {
    server.route('GET', '/todo', () => ({ data: { id: 7, title: 'wrapped' } }));
    const ep = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todo',
      schema: Todo,
      process(value: { data: unknown }) {
        return value.data;
      },
    });
    expect(await ep.fetch()).toEqual({ id: 7, title: 'wrapped' });
    const todo = await ep();
    expect(todo).toBeInstanceOf(Todo);
    expect(todo.title).toBe('wrapped');
  });

  it('parseResponse override (blob) and fetchResponse override (custom status handling)', async () => {
    server.route('GET', '/file', () => reply(200, 'bytes', { 'content-type': 'application/octet-stream' }));
    const file = new RestEndpoint({ urlPrefix: server.url, path: '/file' });
    const blob = (await file.fetch()) as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('bytes');
    const asText = file.extend({ parseResponse: (r: Response) => r.text() });
    expect(await asText.fetch()).toBe('bytes');

    server.route('GET', '/teapot', () => reply(418, { brewing: true }));
    const lenient = new RestEndpoint({
      urlPrefix: server.url,
      path: '/teapot',
      fetchResponse: (input: string, init: RequestInit) => fetch(input, init),
    });
    expect(await lenient.fetch()).toEqual({ brewing: true });
  });

  it('getRequestInit: requestInit and headers merge; getHeaders sees the defaults', async () => {
    let seen: Record<string, string> | undefined;
    const ep = new RestEndpoint({
      urlPrefix: server.url,
      path: '/h',
      requestInit: { headers: { 'X-One': '1' } },
      getHeaders(headers) {
        seen = headers;
        return { ...headers, 'x-two': '2' };
      },
    });
    await ep.fetch();
    expect(seen).toEqual({ 'content-type': 'application/json', 'x-one': '1' });
    expect(server.lastRequest!.headers).toMatchObject({ 'content-type': 'application/json', 'x-one': '1', 'x-two': '2' });
  });

  it('a POST without a body type takes (params) only when body is undefined', async () => {
    server.route('POST', '/jobs/:id/run', req => ({ ran: req.params.id, body: req.body }));
    const run = new RestEndpoint({ urlPrefix: server.url, path: '/jobs/:id/run', method: 'POST', body: undefined });
    expect(await run.fetch({ id: 3 })).toEqual({ ran: '3', body: '' });
  });

  it('EndpointExtraOptions: instance options, static options, defaults', () => {
    class Quote<O extends RestGenerics = any> extends RestEndpoint<O> {
      static dataExpiryLength = 1000;
      static pollFrequency = 60000;
    }
    const q = new Quote({ path: '/q' });
    expect(q.dataExpiryLength).toBe(1000);
    expect(q.pollFrequency).toBe(60000);
    expect(q.extend({ dataExpiryLength: 5 }).dataExpiryLength).toBe(5);
    expect(q.extend({ path: '/r' }).pollFrequency).toBe(60000);
    const plain = new RestEndpoint({ path: '/p', errorExpiryLength: 10, invalidIfStale: true });
    expect(plain.errorExpiryLength).toBe(10);
    expect(plain.invalidIfStale).toBe(true);
    expect(plain.dataExpiryLength).toBeUndefined();
    expect(plain.errorPolicy({ status: 503 })).toBe('soft');
    expect(plain.errorPolicy({ status: 404 })).toBeUndefined();
  });

  it('testKey recognises keys of this endpoint only', () => {
    const get = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/todos/:id' });
    const list = get.extend({ path: '/todos' });
    const search = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/search?{q=:q}' });
    expect(get.testKey(get.key({ id: 1 }))).toBe(true);
    expect(get.testKey(list.key())).toBe(false);
    expect(list.testKey(list.key({ page: 2 }))).toBe(true);
    expect(list.testKey(get.key({ id: 1 }))).toBe(false);
    expect(get.extend({ method: 'PATCH' }).testKey(get.key({ id: 1 }))).toBe(false);
    expect(search.testKey(search.key({ q: 'x' }))).toBe(true);
  });

  it('implements the controller seam (EndpointInstance)', () => {
    const ep = new RestEndpoint({ path: '/todos/:id', schema: Todo });
    const seam: EndpointInstance<[{ id: number }]> = ep;
    expect(seam.key({ id: 1 })).toBe('GET /todos/1');
    expect(seam.extend({ signal: new AbortController().signal }).signal).toBeInstanceOf(AbortSignal);
    expect(typeof seam).toBe('function');
    expect(seam.name).toBe('/todos/:id');
  });
});
