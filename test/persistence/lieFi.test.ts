// Lie-fi: the browser says online, the network is gone (a captive portal, a dead Wi-Fi, a reload in
// a tunnel). A mutation accepted as paused is never dropped by a send that got no reply: it goes
// back to the head of the queue, keeps its optimistic update and its caller waits; the client is
// offline until a probe (with backoff) gets a reply, or the `online` event fires. Against the
// loopback server, which destroys every socket before replying while lie-fi lasts.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, indexedDBStorage, NetworkError, persist, type DataClient, type OnlineManager } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { layers, lieFi, makeUsers, offlineClient, settle, takeWarnings, User, usersServer, type Users } from './fixtures.js';

let server: TestServer;
let R: Users;
const clients: DataClient[] = [];
let dbName = '';
let seq = 0;
const warnSpy = vi.spyOn(console, 'warn');

beforeEach(async () => {
  server = await usersServer();
  R = makeUsers(server.url);
  dbName = `lie-fi-${++seq}`;
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await server.close();
});

function start(options: { online?: boolean; probeDelay?: (attempt: number) => number } = {}): { client: DataClient; online: OnlineManager } {
  const made = offlineClient(options);
  clients.push(made.client);
  return made;
}

const patches = () => server.requests.filter(r => r.method !== 'GET');
const shown = (client: DataClient) => client.controller.get(User, { id: 1 }) as User;

describe('paused mutations under lie-fi', () => {
  it('stay paused, in order and optimistic; the client goes offline, GETs wait, and a probe with backoff finds the network again', async () => {
    const probes: number[] = [];
    // the fourth probe waits long enough for the checks below to see the queue at rest
    const { client, online } = start({ probeDelay: attempt => (probes.push(attempt), attempt === 3 ? 500 : 20) });
    await client.controller.fetch(R.get, { id: 1 });
    online.setOnline(false);
    const outcomes: string[] = [];
    const p1 = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'A1' }).then(() => outcomes.push('1'), (e: unknown) => outcomes.push(`1 failed: ${String(e)}`));
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 5 }).then(() => outcomes.push('2'), (e: unknown) => outcomes.push(`2 failed: ${String(e)}`));
    const p3 = client.controller.fetch(R.getList.push, { id: 4, name: 'Dee', count: 0 }).then(() => outcomes.push('3'), (e: unknown) => outcomes.push(`3 failed: ${String(e)}`));
    server.requests.length = 0;

    const end = lieFi(server);
    online.setOnline(true); // navigator.onLine is true; the network is not there
    await vi.waitFor(() => expect(probes.length).toBe(4));
    // every attempt reached the server's socket and died there: the head, again and again
    expect(patches().length).toBeGreaterThanOrEqual(3);
    expect(new Set(patches().map(r => JSON.stringify(r.json)))).toEqual(new Set([JSON.stringify({ name: 'A1' })]));
    expect(outcomes).toEqual([]);
    expect(client.stats().paused).toBe(3);
    expect(layers(client)).toBe(3);
    expect(shown(client)).toMatchObject({ name: 'A1', count: 5 });
    expect(online.isOnline()).toBe(false);
    // the probe backs off: attempt 0, 1, 2, ...
    expect(probes).toEqual([0, 1, 2, 3]);

    // a read meanwhile waits like any read offline, and sends nothing
    const view = client.dle(R.get, { id: 2 });
    const stop = view.subscribe(() => {});
    await settle(30);
    expect(view.value.loading).toBe(true);
    expect(view.value.error).toBeUndefined();
    expect(server.requests.filter(r => r.method === 'GET')).toHaveLength(0);

    // the network returns, with no `online` event: the next probe finds it
    server.requests.length = 0;
    end();
    await Promise.all([p1, p2, p3]);
    expect(outcomes).toEqual(['1', '2', '3']);
    expect(patches().map(r => `${r.method} ${r.path} ${JSON.stringify(r.json)}`)).toEqual([
      'PATCH /users/1 {"name":"A1"}',
      'PATCH /users/1 {"count":5}',
      'POST /users {"id":4,"name":"Dee","count":0}',
    ]);
    await vi.waitFor(() => expect(view.value).toMatchObject({ loading: false, data: { id: 2, name: 'Bob' } }));
    expect(online.isOnline()).toBe(true);
    expect(client.stats()).toMatchObject({ paused: 0, inflight: 0 });
    expect(layers(client)).toBe(0);
    expect(shown(client)).toMatchObject({ name: 'A1', count: 5 });
    stop();
  });

  it('the `online` event ends the wait at once, whatever the backoff', async () => {
    const { client, online } = start({ probeDelay: () => 60_000 });
    await client.controller.fetch(R.get, { id: 1 });
    online.setOnline(false);
    const p = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'later' });
    const end = lieFi(server);
    online.setOnline(true);
    await vi.waitFor(() => expect(online.isOnline()).toBe(false));
    expect(client.stats().paused).toBe(1);
    end();
    online.setOnline(true);
    await expect(p).resolves.toMatchObject({ id: 1, name: 'later' });
    expect(client.stats().paused).toBe(0);
  });

  it('a mutation aborted while the client waits for the network leaves; nothing is sent after destroy', async () => {
    const probes: number[] = [];
    const { client, online } = start({ probeDelay: attempt => (probes.push(attempt), attempt === 0 ? 20 : 60_000) });
    await client.controller.fetch(R.get, { id: 1 });
    online.setOnline(false);
    const ac = new AbortController();
    const p1 = client.controller.fetch(R.partialUpdate.extend({ signal: ac.signal }), { id: 1 }, { name: 'never' });
    const p2 = client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 2 });
    const end = lieFi(server);
    online.setOnline(true);
    await vi.waitFor(() => expect(probes).toHaveLength(2));
    expect(online.isOnline()).toBe(false);
    ac.abort();
    await expect(p1).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.stats().paused).toBe(1);
    expect(shown(client)).toMatchObject({ name: 'Ann', count: 2 });
    client.destroy();
    await expect(p2).rejects.toMatchObject({ name: 'AbortError' });
    server.requests.length = 0;
    end();
    await settle(100);
    expect(server.requests).toHaveLength(0);
  });

  it('a fresh mutation made while online that meets a dropped connection still rejects and rolls back', async () => {
    const { client, online } = start({ probeDelay: () => 20 });
    await client.controller.fetch(R.get, { id: 1 });
    const end = lieFi(server);
    const error = await client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'lost' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    end();
    expect(error).toBeInstanceOf(ConnectionError);
    expect(layers(client)).toBe(0);
    expect(shown(client)).toMatchObject({ name: 'Ann' });
    expect(client.stats().paused).toBe(0);
    expect(online.isOnline()).toBe(true);
  });
});

describe('restored paused mutations under lie-fi (a reload in a tunnel)', () => {
  function session(online: boolean, onMutationError?: (error: Error, m: { endpoint: string; args: readonly unknown[] }) => void) {
    const made = start({ online, probeDelay: () => 20 });
    const p = persist(made.client, { storage: indexedDBStorage(dbName), resources: [R], throttleMs: 20, ...(onMutationError ? { onMutationError } : {}) });
    return { ...made, p };
  }
  const stored = async () => {
    const text = await indexedDBStorage(dbName).getItem('rest-signals');
    return (JSON.parse(text!) as { paused: { endpoint: string; args: unknown[] }[] }).paused.map(m => JSON.stringify(m.args));
  };

  it('stay stored and optimistic across reloads until the network returns, then leave in order', async () => {
    const first = session(true);
    await first.p.restored;
    await first.client.controller.fetch(R.get, { id: 1 });
    first.online.setOnline(false);
    void first.client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'Ann2' }).catch(() => {});
    void first.client.controller.fetch(R.partialUpdate, { id: 2 }, { name: 'Bob2' }).catch(() => {});
    await first.p.flush();
    first.client.destroy();

    // reload: the browser says online, the network is gone
    const end = lieFi(server);
    server.requests.length = 0;
    const second = session(true);
    await second.p.restored;
    await vi.waitFor(() => expect(patches().length).toBeGreaterThanOrEqual(2));
    expect(shown(second.client)).toMatchObject({ name: 'Ann2' });
    expect(second.online.isOnline()).toBe(false);
    expect(second.client.stats().paused).toBeGreaterThanOrEqual(1); // the head may be on its way (a probe)
    // the page goes away: whether or not a probe is on its way, both are kept
    await second.p.flush();
    expect(await stored()).toEqual(['[{"id":1},{"name":"Ann2"}]', '[{"id":2},{"name":"Bob2"}]']);
    second.client.destroy();

    // another reload, and the network is back
    end();
    server.requests.length = 0;
    const third = session(true);
    await third.p.restored;
    await vi.waitFor(() => expect(third.client.stats()).toMatchObject({ paused: 0, inflight: 0 }));
    expect(patches().map(r => `${r.method} ${r.path} ${JSON.stringify(r.json)}`)).toEqual(['PATCH /users/1 {"name":"Ann2"}', 'PATCH /users/2 {"name":"Bob2"}']);
    expect(layers(third.client)).toBe(0);
    await third.p.flush();
    expect(await stored()).toEqual([]);
  });

  it('one the server rejects is reported to the app through onMutationError (no caller awaits it)', async () => {
    const first = session(true);
    await first.p.restored;
    await first.client.controller.fetch(R.get, { id: 1 });
    first.online.setOnline(false);
    void first.client.controller.fetch(R.partialUpdate, { id: 1 }, { count: 9 }).catch(() => {});
    void first.client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'kept' }).catch(() => {});
    await first.p.flush();
    first.client.destroy();

    const reported: { error: Error; endpoint: string; args: readonly unknown[] }[] = [];
    const second = session(true, (error, m) => reported.push({ error, ...m }));
    await second.p.restored;
    await vi.waitFor(() => expect(reported).toHaveLength(1));
    expect(reported[0]!.error).toBeInstanceOf(NetworkError);
    expect(reported[0]).toMatchObject({ error: { status: 422 }, endpoint: 'User.partialUpdate', args: [{ id: 1 }, { count: 9 }] });
    await vi.waitFor(() => expect(second.client.stats()).toMatchObject({ paused: 0, inflight: 0 }));
    expect(shown(second.client)).toMatchObject({ name: 'kept', count: 0 });
    // the app handles it: no development warning besides
    expect(takeWarnings(warnSpy)).toEqual([]);
  });
});
