// Every Controller method that returns a promise reports through it: it never throws
// synchronously. setResponse of a reply that does not fit rejects and records the error for
// getError, as a fetched reply would; a testKey that throws rejects with nothing changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestEndpoint, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, User } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  client = makeClient();
  ep = api(server.url);
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

/** Calls `fn` and returns what it returned, failing the test if it threw synchronously. */
function noThrow<T>(fn: () => T): T {
  let out!: T;
  expect(() => (out = fn())).not.toThrow();
  return out;
}

describe('promise-returning Controller methods never throw synchronously', () => {
  it('setResponse of a reply that does not fit rejects, names the entity, records it, and changes nothing else', async () => {
    await client.controller.fetch(ep.getUsers);
    const before = JSON.stringify(client.controller.getState().entities);
    const p = noThrow(() => client.controller.setResponse(ep.getUsers, [{ name: 'no id' }]));
    const err = await p.catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain('User');
    expect(client.controller.getError(ep.getUsers)).toBe(err);
    expect(JSON.stringify(client.controller.getState().entities)).toBe(before);
    expect((client.controller.getResponse(ep.getUsers).data as User[]).length).toBe(3);
  });

  it('setResponse with a missing path parameter rejects with a TypeError naming the parameter', async () => {
    const p = noThrow(() => client.controller.setResponse(ep.getUser, {} as { id: number }, { id: 1, name: 'x', count: 0 }));
    await expect(p).rejects.toThrow(/id/);
  });

  it('invalidateAll and expireAll with a testKey that throws reject, and change nothing', async () => {
    await client.controller.fetch(ep.getUsers);
    await client.controller.fetch(ep.getUser, { id: 1 });
    const before = JSON.stringify(client.controller.getState());
    let calls = 0;
    const testKey = (key: string) => {
      if (++calls === 2) throw new Error(`testKey failed on ${key}`);
      return true;
    };
    await expect(noThrow(() => client.controller.invalidateAll({ testKey }))).rejects.toThrow(/testKey failed/);
    calls = 0;
    await expect(noThrow(() => client.controller.expireAll({ testKey }))).rejects.toThrow(/testKey failed/);
    expect(JSON.stringify(client.controller.getState())).toBe(before);
    await expect(noThrow(() => client.controller.invalidateAll({} as never))).rejects.toThrow(TypeError);
  });

  it('subscribe without pollFrequency, invalidate, setError and fetchIfStale of a malformed call reject', async () => {
    await expect(noThrow(() => client.controller.subscribe(ep.getUser, { id: 1 }))).rejects.toThrow(/pollFrequency/);
    const noId = {} as { id: number };
    await expect(noThrow(() => client.controller.invalidate(ep.getUser, noId))).rejects.toThrow(TypeError);
    await expect(noThrow(() => client.controller.setError(ep.getUser, noId, new Error('x')))).rejects.toThrow(TypeError);
    await expect(noThrow(() => client.controller.fetchIfStale(ep.getUser, noId))).rejects.toThrow(TypeError);
    const polled = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', schema: User, pollFrequency: 1000 });
    await expect(noThrow(() => client.controller.unsubscribe(polled, noId))).rejects.toThrow(TypeError);
  });
});
