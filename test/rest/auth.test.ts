import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError, resource, RestEndpoint, type RestGenerics } from '../../src/core/rest/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { seedTodos, Todo } from './fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  server.resource('/todos', seedTodos());
});
afterAll(() => server.close());

/** Access-Token: sent only when a token was stored on the class by a login step. */
class AccessTokenEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  static accessToken: string | undefined = undefined;
  override getHeaders(headers: Record<string, string>) {
    const token = (this.constructor as typeof AccessTokenEndpoint).accessToken;
    return token === undefined ? headers : { ...headers, 'Access-Token': token };
  }
}

class BearerEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  static token = 'secret-token';
  override getHeaders(headers: Record<string, string>) {
    return { ...headers, Authorization: `Bearer ${BearerEndpoint.token}` };
  }
}

class ApiKeyEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override async getHeaders(headers: Record<string, string>) {
    return { ...headers, 'X-API-Key': 'key-123' };
  }
}

class CookieEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override async getRequestInit(body?: unknown): Promise<RequestInit> {
    return { ...(await super.getRequestInit(body)), credentials: 'same-origin' };
  }
}

describe('authentication (spec table), shared through resource({ Endpoint })', () => {
  it('Access-Token header only when a token is set on the class', async () => {
    AccessTokenEndpoint.accessToken = undefined;
    const R = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, Endpoint: AccessTokenEndpoint });
    await R.get({ id: 1 });
    expect(server.lastRequest!.headers['access-token']).toBeUndefined();
    expect(server.lastRequest!.headers['content-type']).toBe('application/json');
    // A login step stores the token on the class; every member (and extended ones) send it.
    server.route('POST', '/login', () => ({ token: 'tok-1' }));
    const login = new RestEndpoint({ urlPrefix: server.url, path: '/login', method: 'POST' });
    AccessTokenEndpoint.accessToken = ((await login.fetch({ user: 'a' })) as { token: string }).token;
    await R.partialUpdate({ id: 1 }, { completed: true });
    expect(server.lastRequest!.headers['access-token']).toBe('tok-1');
    await R.getList.push({ title: 'x' });
    expect(server.lastRequest!.headers['access-token']).toBe('tok-1');
    await R.get.extend({ path: '/todos/:id' })({ id: 2 });
    expect(server.lastRequest!.headers['access-token']).toBe('tok-1');
    AccessTokenEndpoint.accessToken = undefined;
  });

  it('Authorization: Bearer', async () => {
    const R = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, Endpoint: BearerEndpoint });
    await R.getList();
    expect(server.lastRequest!.headers.authorization).toBe('Bearer secret-token');
  });

  it('X-API-Key (async getHeaders)', async () => {
    const R = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, Endpoint: ApiKeyEndpoint });
    await R.delete({ id: 3 });
    expect(server.lastRequest).toMatchObject({ method: 'DELETE', url: '/todos/3' });
    expect(server.lastRequest!.headers['x-api-key']).toBe('key-123');
  });

  it('cookie session: getRequestInit adds credentials same-origin to the base init', async () => {
    const R = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, Endpoint: CookieEndpoint });
    const init = await R.update.getRequestInit({ title: 'a' });
    expect(init).toMatchObject({ method: 'PUT', credentials: 'same-origin', body: '{"title":"a"}' });
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
    // Node's fetch keeps no cookie jar; a session cookie set by the app travels as a header.
    await R.get({ id: 1 });
    expect(server.lastRequest!.url).toBe('/todos/1');
  });

  it('basic auth via getHeaders with base64 credentials', async () => {
    const get = new RestEndpoint({
      urlPrefix: server.url,
      path: '/todos/:id',
      getHeaders(headers) {
        return { ...headers, Authorization: `Basic ${btoa('ann:pw')}` };
      },
    });
    await get.fetch({ id: 1 });
    expect(server.lastRequest!.headers.authorization).toBe('Basic YW5uOnB3');
  });

  it('an expired token answers 401 → NetworkError with status 401', async () => {
    server.when('GET', '/todos/:id').status(401, { error: 'expired' });
    const R = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo, Endpoint: BearerEndpoint });
    const error = await R.get({ id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).status).toBe(401);
  });
});
