// Shared by the persistence and offline specs: a loopback /users server, an optimistic resource,
// a client whose OnlineManager the test switches by hand, and storages that count and fail.
import {
  createDataClient,
  ImmortalGCPolicy,
  NetworkManager,
  OnlineManager,
  resource,
  type DataClient,
  type PersistStorage,
} from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';
import { seedUsers, User } from '../client/fixtures.js';

export { User, seedUsers };

export function makeUsers(url: string) {
  return resource({ urlPrefix: url, path: '/users/:id', schema: User, optimistic: true });
}
export type Users = ReturnType<typeof makeUsers>;

/** A server with /users whose PATCH refuses (422, unchanged) a body with `count: 9`. */
export async function usersServer(): Promise<TestServer> {
  const server = await createTestServer();
  const users = server.resource('/users', seedUsers());
  server.route('PATCH', '/users/:id', req =>
    (req.json as { count?: number } | undefined)?.count === 9 ? reply(422, { error: 'count 9 refused' }) : users.handleOne(req),
  );
  return server;
}

/** A client with an OnlineManager the test drives (`online.setOnline(false)`). */
export function offlineClient(options: { online?: boolean; probeDelay?: (attempt: number) => number } = {}): { client: DataClient; online: OnlineManager } {
  const online = new OnlineManager({
    source: () => () => {},
    offlineSource: () => () => {},
    isOnline: () => options.online ?? true,
    ...(options.probeDelay ? { probeDelay: options.probeDelay } : {}),
  });
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [new NetworkManager(), online] });
  return { client, online };
}

/** Pending optimistic layers of `client`. */
export const layers = (client: DataClient): number => contextOf(client.controller).store.layerCount;

/** A Map-backed storage that counts writes; `sync: false` makes every call async. */
export function countingStorage(sync = true): PersistStorage & { map: Map<string, string>; writes: number; reads: number } {
  const map = new Map<string, string>();
  const s = {
    map,
    writes: 0,
    reads: 0,
    getItem(key: string) {
      s.reads++;
      const v = map.get(key) ?? null;
      return sync ? v : Promise.resolve(v);
    },
    setItem(key: string, value: string) {
      s.writes++;
      map.set(key, value);
      return sync ? undefined : Promise.resolve();
    },
    removeItem(key: string) {
      map.delete(key);
      return sync ? undefined : Promise.resolve();
    },
  };
  return s;
}

export const settle = (ms = 0) => new Promise(r => setTimeout(r, ms));

/** The `[rest-signals]` warnings so far (and clears them, so the global check passes). */
export function takeWarnings(spy: { mock: { calls: unknown[][] }; mockClear(): void }): string[] {
  const out = spy.mock.calls.map(c => String(c[0])).filter(m => m.startsWith('[rest-signals]'));
  spy.mockClear();
  return out;
}

/**
 * Lie-fi on `server`: every request's socket is destroyed before any reply (a dead Wi-Fi, a
 * captive portal), while the client still says online. Returns the function that ends it.
 */
export function lieFi(server: TestServer): () => void {
  const faults = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map(m => server.when(m, '/*path').drop());
  return () => faults.forEach(f => f.clear());
}
