// With `resources`, mutations paused while offline are stored by endpoint name and, after a
// reload (a new client on the same storage), issued again with their optimistic layers, before
// any new mutation; an endpoint that is gone is dropped with a warning. Uses IndexedDB
// (fake-indexeddb) through indexedDBStorage, as a browser app would.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexedDBStorage, persist, resource, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { layers, makeUsers, offlineClient, settle, takeWarnings, User, usersServer, type Users } from './fixtures.js';

let server: TestServer;
let R: Users;
const clients: DataClient[] = [];
let dbName = '';
let seq = 0;
const warnSpy = vi.spyOn(console, 'warn');

beforeEach(async () => {
  server = await usersServer();
  R = makeUsers(server.url);
  dbName = `paused-${++seq}`;
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await server.close();
});

function session(online: boolean, resources: object[] = [R]) {
  const { client, online: manager } = offlineClient({ online });
  clients.push(client);
  const p = persist(client, { storage: indexedDBStorage(dbName), resources, throttleMs: 50 });
  return { client, manager, p };
}

const names = (client: DataClient) =>
  ((client.controller.getResponse(R.getList).data ?? []) as User[]).map(u => `${u.id}:${u.name}`);

describe('paused mutations across a reload', () => {
  it('stored with their arguments, restored with their layers while offline, sent in order when online', async () => {
    const first = session(true);
    await first.p.restored;
    await first.client.controller.fetch(R.getList);
    first.manager.setOnline(false);
    void first.client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'Ann2' }).catch(() => {});
    void first.client.controller.fetch(R.getList.push, { id: 7, name: 'New', count: 0 }).catch(() => {});
    void first.client.controller.fetch(R.partialUpdate, { id: 2 }, { name: 'Bob2' }).catch(() => {});
    expect(names(first.client)).toEqual(['1:Ann2', '2:Bob2', '3:Cid', '7:New']);
    await first.p.flush();
    first.client.destroy(); // the page goes away; its paused requests were never sent
    expect(server.requests.filter(r => r.method !== 'GET')).toHaveLength(0);

    // reload, still offline: the restored state shows the three changes at once
    server.requests.length = 0;
    const second = session(false);
    const list = second.client.dle(R.getList);
    const stop = list.subscribe(() => {});
    await second.p.restored;
    expect(second.client.stats().paused).toBe(3);
    expect(names(second.client)).toEqual(['1:Ann2', '2:Bob2', '3:Cid', '7:New']);
    await settle(30);
    expect(server.requests).toHaveLength(0);

    // a new mutation made after the reload goes after the restored ones
    const later = second.client.controller.fetch(R.partialUpdate, { id: 3 }, { name: 'Cid2' });
    second.manager.setOnline(true);
    await later;
    await vi.waitFor(() => expect(second.client.stats().inflight).toBe(0));
    expect(server.requests.filter(r => r.method !== 'GET').map(r => `${r.method} ${r.path} ${JSON.stringify(r.json)}`)).toEqual([
      'PATCH /users/1 {"name":"Ann2"}',
      'POST /users {"id":7,"name":"New","count":0}',
      'PATCH /users/2 {"name":"Bob2"}',
      'PATCH /users/3 {"name":"Cid2"}',
    ]);
    expect(names(second.client)).toEqual(['1:Ann2', '2:Bob2', '3:Cid2', '7:New']);
    expect(layers(second.client)).toBe(0);
    expect(second.client.stats().paused).toBe(0);
    // the stored queue is empty again
    await second.p.flush();
    second.client.destroy();
    const third = session(false);
    await third.p.restored;
    expect(third.client.stats().paused).toBe(0);
    stop();
  });

  it('a restored mutation the server rejects rolls back its layer and is reported', async () => {
    const first = session(true);
    await first.p.restored;
    await first.client.controller.fetch(R.get, { id: 1 });
    first.manager.setOnline(false);
    void first.client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 9 }).catch(() => {});
    await first.p.flush();
    first.client.destroy();

    const second = session(false);
    await second.p.restored;
    expect(second.client.controller.get(User, { id: 1 })).toMatchObject({ count: 9 });
    second.manager.setOnline(true);
    await vi.waitFor(() => expect(layers(second.client)).toBe(0));
    await settle(10);
    expect(second.client.controller.get(User, { id: 1 })).toMatchObject({ count: 0 });
    expect(takeWarnings(warnSpy)).toEqual([expect.stringMatching(/restored paused mutation User\.partialUpdate was rejected/)]);
  });

  it('an endpoint that can no longer be found by name is dropped with a warning', async () => {
    const first = session(true);
    await first.p.restored;
    await first.client.controller.fetch(R.get, { id: 1 });
    first.manager.setOnline(false);
    void first.client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'kept' }).catch(() => {});
    await first.p.flush();
    first.client.destroy();

    // the app now declares the resource under another entity name: User.partialUpdate is gone
    class Person extends User {
      static override key = 'Person';
    }
    const People = resource({ urlPrefix: server.url, path: '/users/:id', schema: Person, optimistic: true });
    const second = session(true, [People]);
    await second.p.restored;
    expect(takeWarnings(warnSpy)).toEqual([expect.stringMatching(/a paused mutation of User\.partialUpdate was dropped: no endpoint of that name/)]);
    expect(second.client.stats().paused).toBe(0);
    await settle(30);
    expect(server.requests.filter(r => r.method === 'PATCH')).toHaveLength(0);
  });

  it('the committed state round-trips through IndexedDB', async () => {
    const first = session(true);
    await first.p.restored;
    await first.client.controller.fetch(R.getList);
    await first.p.flush();
    first.client.destroy();
    server.requests.length = 0;
    const second = session(true);
    await second.p.restored;
    expect(names(second.client)).toEqual(['1:Ann', '2:Bob', '3:Cid']);
    expect(server.requests).toHaveLength(0);
  });
});

describe('which endpoint a restored mutation goes to', () => {
  it('two resources over one entity: a team member edited offline is sent to the team member URL after a reload', async () => {
    server.route('PATCH', '/teams/:teamId/members/:id', req => ({ id: Number(req.params.id), name: (req.json as { name: string }).name, count: 0 }));
    const Members = resource({ urlPrefix: server.url, path: '/teams/:teamId/members/:id', schema: User, optimistic: true });
    const first = session(true, [R, Members]);
    await first.p.restored;
    first.manager.setOnline(false);
    void first.client.controller.fetch(Members.partialUpdate, { teamId: 3, id: 5 }, { name: 'Eve' }).catch(() => {});
    void first.client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'Ann2' }).catch(() => {});
    await first.p.flush();
    first.client.destroy();

    server.requests.length = 0;
    const second = session(true, [R, Members]);
    await second.p.restored;
    await vi.waitFor(() => expect(second.client.stats()).toMatchObject({ paused: 0, inflight: 0 }));
    expect(server.requests.map(r => `${r.method} ${r.url} ${JSON.stringify(r.json)}`)).toEqual([
      'PATCH /teams/3/members/5 {"name":"Eve"}',
      'PATCH /users/1 {"name":"Ann2"}',
    ]);
  });

  it('endpoints that share a name, a method and a URL are refused, loudly: their mutations are not stored', async () => {
    const again = makeUsers(server.url);
    const first = session(true, [R, { update: again.partialUpdate }]);
    expect(takeWarnings(warnSpy)).toEqual([expect.stringMatching(/persist-duplicate-name: .*User\.partialUpdate PATCH http:\/\/127\.0\.0\.1:\d+\/users\/:id/)]);
    await first.p.restored;
    first.manager.setOnline(false);
    void first.client.controller.fetch(again.partialUpdate, { id: 1 }, { name: 'which?' }).catch(() => {});
    await first.p.flush();
    expect(takeWarnings(warnSpy)).toEqual([expect.stringMatching(/persist-mutation-unstorable: .*User\.partialUpdate is not stored: another endpoint in resources is also/)]);
    first.client.destroy();
    const second = session(false, [R]);
    await second.p.restored;
    expect(second.client.stats().paused).toBe(0);
  });

  it('an entry written before mutations had ids is restored by name when the name is unambiguous', async () => {
    const storage = indexedDBStorage(dbName);
    await storage.setItem(
      'rest-signals',
      JSON.stringify({
        format: 'rest-signals/persist',
        version: 1,
        buster: '',
        savedAt: Date.now(),
        state: { entities: {}, indexes: {}, endpoints: {}, meta: {}, entitiesMeta: {} },
        paused: [{ endpoint: 'User.partialUpdate', args: [{ id: 2 }, { name: 'Bob2' }] }],
      }),
    );
    const second = session(true);
    await second.p.restored;
    await vi.waitFor(() => expect(second.client.stats()).toMatchObject({ paused: 0, inflight: 0 }));
    expect(server.requests.map(r => `${r.method} ${r.url}`)).toEqual(['PATCH /users/2']);
  });
});
