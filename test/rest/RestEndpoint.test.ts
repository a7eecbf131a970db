import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RestEndpoint } from '../../src/core/rest/RestEndpoint.js';
import { NetworkError, isNetworkError } from '../../src/core/rest/NetworkError.js';
import { ParseError } from '../../src/core/rest/ParseError.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';

let server: TestServer;
type Failure = Error & { status: number; response: Response };
/** The rejection of `p` (fails the test when `p` resolves). */
const failure = (p: Promise<unknown>): Promise<Failure> =>
  p.then(
    v => {
      throw new Error(`expected a rejection, got ${JSON.stringify(v)}`);
    },
    (e: unknown) => e as Failure,
  );
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => server.clear());
afterAll(() => server.close());

describe('RestEndpoint request building', () => {
  it('GET: path params, extra args to the sorted query string, content-type json', async () => {
    server.route('GET', '/users/:id', req => ({ id: req.params.id }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id' });
    expect(ep.method).toBe('GET');
    expect(ep.sideEffect).toBeUndefined();
    expect(await ep.fetch({ id: 5, z: 1, a: 'b c' })).toEqual({ id: '5' });
    expect(server.lastRequest!.url).toBe('/users/5?a=b+c&z=1');
    expect(server.lastRequest!.headers['content-type']).toBe('application/json');
    expect(ep.key({ id: 5, z: 1, a: 'b c' })).toBe(`GET ${server.url}/users/5?a=b+c&z=1`);
    expect(ep.key({ a: 'b c', z: 1, id: 5 })).toBe(ep.key({ id: 5, z: 1, a: 'b c' }));
    expect(ep.name).toBe(`${server.url}/users/:id`);
  });

  it('POST with (params, body) and (body)', async () => {
    server.route('POST', '/groups/:group/users', req => reply(201, { group: req.params.group, ...(req.json as object) }));
    server.route('POST', '/users', req => reply(201, req.json));
    const withParams = new RestEndpoint({ urlPrefix: server.url, path: '/groups/:group/users', method: 'POST' });
    expect(withParams.sideEffect).toBe(true);
    expect(await withParams.fetch({ group: 'g1' }, { name: 'Ann' })).toEqual({ group: 'g1', name: 'Ann' });
    expect(server.lastRequest!.body).toBe('{"name":"Ann"}');
    const noParams = new RestEndpoint({ urlPrefix: server.url, path: '/users', method: 'POST' });
    expect(await noParams.fetch({ name: 'Bob' })).toEqual({ name: 'Bob' });
    expect(server.lastRequest!.url).toBe('/users');
    expect(server.lastRequest!.headers['content-type']).toBe('application/json');
  });

  it('sends FormData, URLSearchParams and Blob as they are, without the json content-type', async () => {
    server.route('POST', '/upload', req => ({ type: req.headers['content-type'], body: req.body }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/upload', method: 'POST' });
    const fd = new FormData();
    fd.set('a', '1');
    const r1 = (await ep.fetch(fd)) as { type: string; body: string };
    expect(r1.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(r1.body).toContain('name="a"');
    const r2 = (await ep.fetch(new URLSearchParams({ a: '1' }))) as { type: string; body: string };
    expect(r2).toEqual({ type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'a=1' });
    const r3 = (await ep.fetch(new Blob(['raw'], { type: 'text/plain' }))) as { type: string; body: string };
    expect(r3).toEqual({ type: 'text/plain', body: 'raw' });
  });

  it('throws a TypeError naming endpoint, template and parameter before any request', async () => {
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', name: 'User.get' });
    await expect(ep.fetch({} as never)).rejects.toThrow(TypeError);
    await expect(ep.fetch({} as never)).rejects.toThrow(/User\.get.*'\/users\/:id'.*'id'/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('RestEndpoint replies', () => {
  it.each([401, 404, 500])('non-2xx %i rejects with NetworkError', async status => {
    server.route('GET', '/x', () => reply(status, { error: 'nope' }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/x' });
    const error = await failure(ep.fetch());
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(error.status).toBe(status);
    expect(error.response).toBeInstanceOf(Response);
    expect(await error.response.json()).toEqual({ error: 'nope' });
    expect(error.message).toContain(`GET ${server.url}/x`);
    expect(error.message).toContain(String(status));
  });

  it('204 and empty bodies resolve to null; text resolves to a string', async () => {
    server.route('GET', '/x', () => ({ a: 1 }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/x' });
    server.next.noContent();
    expect(await ep.fetch()).toBeNull();
    server.route('GET', '/empty', () => reply(200, '', { 'content-type': 'application/json' }));
    expect(await ep.extend({ path: '/empty' }).fetch()).toBeNull();
    server.route('GET', '/text', () => reply(200, 'hello', { 'content-type': 'text/plain' }));
    expect(await ep.extend({ path: '/text' }).fetch()).toBe('hello');
  });

  it('malformed JSON rejects with an error naming the URL', async () => {
    server.route('GET', '/x', () => ({ a: 1 }));
    server.next.malformed();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/x' });
    const error = await failure(ep.fetch());
    expect(error).toBeInstanceOf(ParseError);
    expect(error.message).toContain(`GET ${server.url}/x`);
    expect(error.message).toMatch(/malformed JSON/);
  });

  it('a connection reset mid-body rejects with an error naming the URL', async () => {
    server.route('GET', '/x', () => ({ a: 'x'.repeat(200) }));
    server.next.reset();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/x' });
    const error = await failure(ep.fetch());
    expect(error).toBeInstanceOf(ParseError);
    expect(error.message).toContain(`${server.url}/x`);
  });

  it('a connection dropped before any reply rejects with a TypeError naming method and URL', async () => {
    server.route('GET', '/x', () => ({ a: 1 }));
    server.next.drop();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/x' });
    const error = await failure(ep.fetch());
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain(`GET ${server.url}/x: request failed`);
  });

  it('abort through signal rejects with AbortError; AbortSignal.timeout with TimeoutError', async () => {
    server.route('GET', '/slow', () => ({ ok: true }));
    server.when('GET', '/slow').delay(300);
    const controller = new AbortController();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/slow', signal: controller.signal });
    const p = ep.fetch();
    setTimeout(() => controller.abort(), 20);
    const error = await failure(p);
    expect(error.name).toBe('AbortError');
    expect(error).toBeInstanceOf(DOMException);
    const timed = ep.extend({ signal: AbortSignal.timeout(30) });
    const terr = await failure(timed.fetch());
    expect(terr.name).toBe('TimeoutError');
    expect(terr).toBeInstanceOf(DOMException);
  });
});

describe('RestEndpoint typed call', () => {
  it('a reply that does not fit the schema rejects with an error naming the entity', async () => {
    const { Todo } = await import('./fixtures.js');
    server.route('GET', '/todos/:id', () => ({ title: 'no id' }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const error = await failure(ep({ id: 1 }));
    expect(error.message).toContain('Todo');
    expect(error.message).toContain('no id');
  });

  it('a path value that is not a string or number is a TypeError', async () => {
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', name: 'Todo.get' });
    await expect(ep.fetch({ id: { nested: 1 } as never })).rejects.toThrow(
      `Todo.get: parameter 'id' of path '/todos/:id' must be a string or number, got {"nested":1}`,
    );
    expect(server.requests).toHaveLength(0);
  });
});
