// Values that try to change the request: CR/LF in header values (refused by the platform's Headers
// before anything is sent), and path values with slashes, encoded slashes, dot segments, `?` and `#`
// (encoded inside their segment, or refused: never a different path on the wire).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, Entity, ImmortalGCPolicy, resource, RestEndpoint, type HeadersRecord } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

class Doc extends Entity {
  id = '';
  static override key = 'Doc';
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.clear();
  server.route('GET', '/*rest', req => ({ id: req.path }));
});

describe('header values with CR/LF', () => {
  const withHeader = (value: string) =>
    new (class extends RestEndpoint {
      override getHeaders(headers: HeadersRecord): HeadersRecord {
        return { ...headers, 'x-token': value };
      }
    })({ urlPrefix: server.url, path: '/docs/:id', schema: Doc });

  for (const value of ['a\r\nX-Injected: 1', 'a\nX-Injected: 1', 'a\rb', 'a\u0000b']) {
    it(`${JSON.stringify(value)} is refused with a TypeError naming the value; nothing is sent`, async () => {
      const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
      const endpoint = withHeader(value);
      const error = await client.controller.fetch(endpoint, { id: '1' }).catch((e: unknown) => e);
      client.destroy();
      expect(error).toBeInstanceOf(TypeError);
      // the platform's message shows the value: Headers.append: "a\r\nX-Injected: 1" is an invalid header value.
      expect((error as Error).message).toContain(value);
      expect((error as Error).message).toMatch(/invalid header value/);
      expect(server.requests).toHaveLength(0);
      // the failure is on record like any other
      expect(client.controller.getError(endpoint, { id: '1' })).toBe(error);
    });
  }

  it('a header name with CR/LF is refused too', async () => {
    const endpoint = new RestEndpoint({
      urlPrefix: server.url,
      path: '/docs/:id',
      schema: Doc,
      requestInit: { headers: [['x-a\r\nx-b', 'v']] as [string, string][] },
    });
    const error = await endpoint({ id: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  it('surrounding whitespace (a trailing CRLF) is trimmed, as the platform normalizes values; no second header', async () => {
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
    await client.controller.fetch(withHeader('abc\r\n'), { id: '1' });
    client.destroy();
    expect(server.lastRequest!.headers['x-token']).toBe('abc');
  });
});

describe('path values are encoded inside their segment', () => {
  const Docs = () => resource({ urlPrefix: server.url, path: '/docs/:id', schema: Doc });
  const cases: [string, string][] = [
    ['a/b', '/docs/a%2Fb'],
    ['%2F', '/docs/%252F'],
    ['..%2F..%2Fadmin', '/docs/..%252F..%252Fadmin'],
    ['../admin', '/docs/..%2Fadmin'],
    ['x?admin=1', '/docs/x%3Fadmin%3D1'],
    ['x#frag', '/docs/x%23frag'],
    ['a\\b', '/docs/a%5Cb'],
  ];
  for (const [value, wire] of cases) {
    it(`${JSON.stringify(value)} → ${wire}`, async () => {
      await Docs().get({ id: value });
      expect(server.lastRequest!.url).toBe(wire);
    });
  }

  for (const value of ['..', '.', '']) {
    it(`${JSON.stringify(value)} cannot be carried by a segment: refused with a TypeError, nothing sent`, async () => {
      const error = await Docs()
        .get({ id: value })
        .catch((e: unknown) => e);
      expect(error, `sent ${server.lastRequest?.url}`).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(/'id'/);
      expect(server.requests).toHaveLength(0);
    });
  }

  it('wildcard segments are encoded one by one; a dot segment among them is refused', async () => {
    const files = new RestEndpoint({ urlPrefix: server.url, path: '/files/*path' });
    await files({ path: ['a/b', 'c'] });
    expect(server.lastRequest!.url).toBe('/files/a%2Fb/c');
    const error = await files({ path: ['a', '..', 'etc'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(server.requests).toHaveLength(1);
  });
});
