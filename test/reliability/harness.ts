// One fault-matrix cell's world: a loopback server with /users, a client, a resource (optimistic or
// not), warmed data, two watched views, and the before-state and leak counters to compare against.
import { createDataClient, ImmortalGCPolicy, resource, type DataClient, type DLE } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { createTestServer, type MemoryResource, type TestServer } from '../server/createTestServer.js';
import { User, seedUsers } from '../client/fixtures.js';
import type { ReadonlySignal } from '@preact/signals-core';

export { User };

export function makeUsers(url: string, optimistic: boolean) {
  return resource({ urlPrefix: url, path: '/users/:id', schema: User, optimistic });
}
export type Users = ReturnType<typeof makeUsers>;

/** Committed entities and results: what must not change when a request fails. */
export interface Committed {
  readonly entities: unknown;
  readonly endpoints: unknown;
}

export interface Cell {
  readonly server: TestServer;
  readonly users: MemoryResource;
  readonly client: DataClient;
  readonly R: Users;
  readonly one: ReadonlySignal<DLE<unknown>>;
  readonly list: ReadonlySignal<DLE<unknown>>;
  /** The committed state right after warming up, before the request under test. */
  readonly before: Committed;
  /** Active timers before the request under test. */
  readonly timersBefore: number;
  committed(): Committed;
  /** Pending optimistic layers. */
  layers(): number;
  /** Stops watching the views, destroys the client and closes the server. */
  close(): Promise<void>;
}

/** A deep, plain copy (the state tables have no prototype; compare them as plain data). */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Active `Timeout` handles of this process (ref'd or not). */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter(r => r === 'Timeout').length;
}

export async function openCell(optimistic: boolean): Promise<Cell> {
  const server = await createTestServer();
  const users = server.resource('/users', seedUsers());
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  const R = makeUsers(server.url, optimistic);
  await client.controller.fetch(R.get, { id: 1 });
  await client.controller.fetch(R.getList);
  const one = client.dle(R.get, { id: 1 });
  const list = client.dle(R.getList);
  const stops = [one.subscribe(() => {}), list.subscribe(() => {})];
  const committed = (): Committed => {
    const s = client.controller.getState();
    return plain({ entities: s.entities, endpoints: s.endpoints });
  };
  const before = committed();
  server.requests.length = 0;
  return {
    server,
    users,
    client,
    R,
    one,
    list,
    before,
    timersBefore: activeTimers(),
    committed,
    layers: () => contextOf(client.controller).store.layerCount,
    async close() {
      for (const s of stops) s();
      client.destroy();
      await server.close();
    },
  };
}

/** The server's items as the store's User table would hold them. */
export function serverTable(users: MemoryResource): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of users.list()) out[String(item.id)] = plain(item);
  return out;
}

/** The store's live (not deleted) User entities as plain data. */
export function storeTable(c: Committed): Record<string, unknown> {
  const users = ((c.entities as Record<string, Record<string, unknown>>).User ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [pk, v] of Object.entries(users)) if (v !== null) out[pk] = v;
  return out;
}

/** Waits for pending microtasks and one macrotask turn. */
export const settle = (ms = 0) => new Promise(r => setTimeout(r, ms));
