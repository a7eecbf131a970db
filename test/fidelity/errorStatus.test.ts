// Failures that are not HTTP statuses still carry `error.status` (as in data-client), and a
// request that never got a reply is its own error class, not a bare TypeError.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, createDataClient, isConnectionError, ParseError, RestEndpoint } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => server.clear());
afterAll(() => server.close());

const rejection = (p: Promise<unknown>): Promise<Error & { status?: unknown }> =>
  p.then(
    v => {
      throw new Error(`expected a rejection, got ${JSON.stringify(v)}`);
    },
    (e: unknown) => e as Error & { status?: unknown },
  );

describe('error.status on failures without an HTTP error status', () => {
  it('a 200 whose JSON body does not parse rejects with status 400, keeping the reply status apart', async () => {
    server.route('GET', '/thing', () => ({ ok: true }));
    server.next.malformed();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/thing' });
    const error = await rejection(ep.fetch());
    expect(error).toBeInstanceOf(ParseError);
    expect(error.status).toBe(400);
    expect((error as ParseError).responseStatus).toBe(200);
  });

  it('a dropped connection rejects with a ConnectionError: status 500, method and URL, not mistaken for a code bug', async () => {
    server.route('GET', '/thing', () => ({ ok: true }));
    server.next.drop();
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/thing' });
    const error = await rejection(ep.fetch());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(isConnectionError(error)).toBe(true);
    expect(error.name).toBe('ConnectionError');
    expect(error.status).toBe(500);
    expect((error as ConnectionError).url).toBe(`${server.url}/thing`);
    expect((error as ConnectionError).method).toBe('GET');
    expect(error.cause).toBeInstanceOf(TypeError);
    // a bug in application code is a plain TypeError: the guard tells them apart
    expect(isConnectionError(new TypeError('x is not a function'))).toBe(false);
  });

  it('an unreachable server is a ConnectionError; through the store it is a soft error (last good data stays)', async () => {
    server.route('GET', '/thing', () => ({ ok: true }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/thing' });
    const client = createDataClient();
    try {
      expect(await client.controller.fetch(ep)).toEqual({ ok: true });
      server.next.drop();
      const error = await rejection(client.controller.fetch(ep));
      expect(isConnectionError(error)).toBe(true);
      expect(ep.errorPolicy(error)).toBe('soft');
      expect(client.controller.getResponse(ep).data).toEqual({ ok: true });
    } finally {
      client.destroy();
    }
    const closed = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/nothing' });
    const refused = await rejection(closed.fetch());
    expect(isConnectionError(refused)).toBe(true);
    expect(refused.message).toContain('GET http://127.0.0.1:9/nothing: request failed');
  });
});
