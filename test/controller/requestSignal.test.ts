import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Endpoint, RestEndpoint, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { makeClient, startServer, User } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;

beforeEach(async () => {
  server = await startServer();
  client = makeClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

/** A RestEndpoint class that counts the instances (and so the derived classes) made of it. */
function countingEndpoint() {
  const made = { count: 0 };
  class Counted extends RestEndpoint {
    constructor(options: ConstructorParameters<typeof RestEndpoint>[0]) {
      super(options);
      made.count++;
    }
  }
  const getUser = new Counted({ urlPrefix: server.url, path: '/users/:id', schema: User });
  return { getUser, made };
}

describe('controller.fetch passes the request signal without deriving an endpoint', () => {
  it('makes no endpoint instance or class per call', async () => {
    const { getUser, made } = countingEndpoint();
    const before = made.count;
    for (let i = 0; i < 5; i++) await client.controller.fetch(getUser, { id: 1 });
    expect(server.requests.filter(r => r.path === '/users/1').length).toBe(5);
    expect(made.count).toBe(before);
  });

  it('the request still carries the signal: destroy aborts a request in flight', async () => {
    const { getUser } = countingEndpoint();
    const hold = server.next.hold();
    const pending = client.controller.fetch(getUser, { id: 1 });
    await hold.arrived;
    client.destroy();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await hold();
  });

  it('a plain Endpoint sees the request signal as this.signal, and keeps its own options', async () => {
    const seen: (AbortSignal | undefined)[] = [];
    const ep = new Endpoint(
      async function (this: Endpoint<() => Promise<number>>, { n }: { n: number }) {
        seen.push(this.signal);
        expect(this.name).toBe('counter');
        return n;
      },
      { name: 'counter' },
    );
    expect(await client.controller.fetch(ep, { n: 1 })).toBe(1);
    expect(await client.controller.fetch(ep, { n: 2 })).toBe(2);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeInstanceOf(AbortSignal);
    expect(seen[1]).toBeInstanceOf(AbortSignal);
    expect(seen[0]).not.toBe(seen[1]);
    expect(ep.signal).toBeUndefined();
  });
});
