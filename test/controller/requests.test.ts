import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExpiryStatus, NetworkError, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, type User } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  client = makeClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const gets = (path: string) => server.requests.filter(r => r.method === 'GET' && r.path === path).length;

describe('controller.fetch', () => {
  it('resolves after commit to the denormalized value, for GETs and mutations', async () => {
    const user = (await client.controller.fetch(ep.getUser, { id: 1 })) as User;
    expect(user.name).toBe('Ann');
    expect(client.controller.getResponse(ep.getUser, { id: 1 }).data).toBe(user);
    const updated = (await client.controller.fetch(ep.updateUser, { id: 1 }, { name: 'Anna' })) as User;
    expect(updated.name).toBe('Anna');
    expect(client.controller.getResponse(ep.getUser, { id: 1 }).data).toBe(updated);
  });

  it('shares one request between identical GETs in flight; never merges mutations', async () => {
    const a = client.controller.fetch(ep.getUser, { id: 1 });
    const b = client.controller.fetch(ep.getUser, { id: 1 });
    expect(client.stats().inflight).toBe(1);
    expect(await a).toBe(await b);
    expect(gets('/users/1')).toBe(1);
    await Promise.all([
      client.controller.fetch(ep.updateUser, { id: 1 }, { name: 'X' }),
      client.controller.fetch(ep.updateUser, { id: 1 }, { name: 'X' }),
    ]);
    expect(server.requests.filter(r => r.method === 'PATCH').length).toBe(2);
  });

  it('a reply to an earlier request never overwrites data of a later one (out of order)', async () => {
    const releaseFirst = server.next.hold();
    const first = client.controller.fetch(ep.getUsers);
    await releaseFirst.arrived;
    server.route('PATCH', '/users/:id', req => ({ id: Number(req.params.id), name: 'Newer', count: 0 }));
    await client.controller.fetch(ep.updateUser, { id: 1 }, { name: 'Newer' });
    await releaseFirst();
    const list = (await first) as unknown as User[];
    expect(list.find(u => u.id === 1)!.name).toBe('Newer');
    expect((client.controller.getResponse(ep.getUser, { id: 1 }).data as User).name).toBe('Newer');
  });

  it('an older result reply never replaces a newer result', async () => {
    const hold = server.next.hold();
    const slow = client.controller.fetch(ep.getUsers, { page: 1 });
    await hold.arrived;
    await client.controller.setResponse(ep.getUsers, { page: 1 }, [{ id: 2, name: 'Bob', count: 0 }]);
    await hold();
    await slow;
    expect((client.controller.getResponse(ep.getUsers, { page: 1 }).data as unknown as User[]).map(u => u.id)).toEqual([2]);
  });
});

describe('errors', () => {
  it('a 5xx leaves the data as it was and is recorded for getError', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    const before = client.controller.getState();
    server.next.status(500, { error: 'down' });
    const err: any = await client.controller.fetch(ep.getUser, { id: 1 }).catch((e: any) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(client.controller.getState().entities).toEqual(before.entities);
    expect(client.controller.getState().endpoints).toEqual(before.endpoints);
    // 5xx is a soft error for RestEndpoint: the last good data keeps showing
    expect((client.controller.getResponse(ep.getUser, { id: 1 }).data as User).name).toBe('Ann');
  });

  it('a 4xx is recorded for getError', async () => {
    server.next.status(404);
    const err: any = await client.controller.fetch(ep.getUser, { id: 9 }).catch((e: any) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(client.controller.getError(ep.getUser, { id: 9 })).toBe(err);
    expect(client.controller.getResponse(ep.getUser, { id: 9 }).data).toBeUndefined();
  });

  it('malformed JSON changes no data and is recorded', async () => {
    await client.controller.fetch(ep.getUsers);
    const before = JSON.stringify(client.controller.getState().entities);
    server.next.malformed();
    const err: any = await client.controller.fetch(ep.getUser, { id: 1 }).catch((e: any) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err.message)).toContain('/users/1');
    expect(JSON.stringify(client.controller.getState().entities)).toBe(before);
    expect(client.controller.getError(ep.getUser, { id: 1 })).toBe(err);
  });

  it('a reply that does not fit the schema writes nothing and is recorded', async () => {
    await client.controller.fetch(ep.getUsers);
    const before = JSON.stringify(client.controller.getState());
    server.route('GET', '/users', () => [{ id: 1, name: 'Changed' }, { name: 'no id' }]);
    const err: any = await client.controller.fetch(ep.getUsers).catch((e: any) => e);
    expect(String(err.message)).toContain('User');
    const after = client.controller.getState();
    expect(JSON.stringify(after.entities)).toBe(JSON.stringify(JSON.parse(before).entities));
    expect(client.controller.getError(ep.getUsers)).toBe(err);
  });

  it('an abort records nothing and writes nothing', async () => {
    const ac = new AbortController();
    const hold = server.next.hold();
    const p = client.controller.fetch(ep.getUser.extend({ signal: ac.signal }), { id: 1 });
    await hold.arrived;
    ac.abort();
    const err: any = await p.catch((e: any) => e);
    expect(err.name).toBe('AbortError');
    await hold();
    expect(client.controller.getError(ep.getUser, { id: 1 })).toBeUndefined();
    expect(client.controller.getState().entities).toEqual({});
    expect(Object.keys(client.controller.getState().meta)).toEqual([]);
  });

  it('a timeout is recorded', async () => {
    server.next.delay(500);
    const err: any = await client.controller.fetch(ep.getUser.extend({ signal: AbortSignal.timeout(50) }), { id: 1 }).catch((e: any) => e);
    expect(err.name).toBe('TimeoutError');
    expect(client.controller.getError(ep.getUser, { id: 1 })).toBe(err);
    expect(client.controller.getState().entities).toEqual({});
  });
});

describe('destroy and reset', () => {
  it('destroy aborts every request in flight; nothing aborted writes afterwards', async () => {
    const hold = server.next.hold();
    const p = client.controller.fetch(ep.getUsers);
    await hold.arrived;
    client.destroy();
    await hold();
    const err: any = await p.catch((e: any) => e);
    expect(err.name).toBe('AbortError');
    expect(client.stats().inflight).toBe(0);
    expect(client.controller.getState().entities).toEqual({});
  });

  it('resetEntireStore empties the store and aborts what is in flight', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    const hold = server.next.hold();
    const p = client.controller.fetch(ep.getUsers);
    await hold.arrived;
    await client.controller.resetEntireStore();
    await hold();
    await p.catch(() => undefined);
    expect(client.controller.getState().entities).toEqual({});
    expect(client.controller.getResponse(ep.getUser, { id: 1 }).data).toBeUndefined();
  });
});

describe('expiry', () => {
  it('fetchIfStale fetches only missing or stale data', async () => {
    await client.controller.fetchIfStale(ep.getUser, { id: 1 });
    await client.controller.fetchIfStale(ep.getUser, { id: 1 });
    expect(gets('/users/1')).toBe(1);
    await client.controller.expireAll({ testKey: k => k.includes('/users/1') });
    const r = client.controller.getResponse(ep.getUser, { id: 1 });
    expect(r.expiryStatus).toBe(ExpiryStatus.Valid);
    expect(r.expiresAt).toBeLessThan(Date.now());
    expect((r.data as User).name).toBe('Ann');
    await client.controller.fetchIfStale(ep.getUser, { id: 1 });
    expect(gets('/users/1')).toBe(2);
  });

  it('dataExpiryLength and invalidIfStale set expiry and status', async () => {
    const short = ep.getUser.extend({ dataExpiryLength: 10, invalidIfStale: true });
    await client.controller.fetch(short, { id: 2 });
    const r = client.controller.getResponse(short, { id: 2 });
    expect(r.expiryStatus).toBe(ExpiryStatus.InvalidIfStale);
    expect(r.expiresAt - Date.now()).toBeLessThanOrEqual(10);
    expect(client.controller.getResponse(ep.getUser, { id: 1 }).expiresAt).toBe(0);
  });

  it('the default data expiry is 60 s and error expiry is 1 s', async () => {
    const t0 = Date.now();
    await client.controller.fetch(ep.getUser, { id: 1 });
    const { expiresAt } = client.controller.getResponse(ep.getUser, { id: 1 });
    expect(expiresAt - t0).toBeGreaterThanOrEqual(60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60_000);
    server.next.status(404);
    await client.controller.fetch(ep.getUser, { id: 7 }).catch(() => undefined);
    const meta = client.controller.getState().meta[ep.getUser.key({ id: 7 })]!;
    expect(meta.expiresAt - meta.fetchedAt).toBe(1_000);
  });

  it('invalidate hides the data (Invalid); invalidateAll by testKey', async () => {
    await client.controller.fetch(ep.getUsers);
    await client.controller.fetch(ep.getUser, { id: 1 });
    await client.controller.invalidate(ep.getUsers);
    const r = client.controller.getResponse(ep.getUsers);
    expect(r.expiryStatus).toBe(ExpiryStatus.Invalid);
    expect(r.data).toBeUndefined();
    await client.controller.invalidateAll({ testKey: k => k.endsWith('/users/1') });
    expect(client.controller.getResponse(ep.getUser, { id: 1 }).expiryStatus).toBe(ExpiryStatus.Invalid);
  });

  it('setResponse and setError write as a reply would', async () => {
    await client.controller.setResponse(ep.getUser, { id: 5 }, { id: 5, name: 'Eve', count: 0 });
    expect((client.controller.getResponse(ep.getUser, { id: 5 }).data as User).name).toBe('Eve');
    expect((client.controller.get(ep.getUser.schema, { id: 5 }) as User).name).toBe('Eve');
    const err = new Error('nope');
    await client.controller.setError(ep.getUser, { id: 6 }, err);
    expect(client.controller.getError(ep.getUser, { id: 6 })).toBe(err);
  });

  it('an entity fetched by a list is found by a detail lookup (inferred from args)', async () => {
    await client.controller.fetch(ep.getUsers);
    const r = client.controller.getResponse(ep.getUser, { id: 2 });
    expect((r.data as User).name).toBe('Bob');
    expect(r.expiryStatus).toBe(ExpiryStatus.Valid);
    expect(r.expiresAt).toBeGreaterThan(Date.now());
  });

  it('null arguments mean "not yet"', () => {
    expect(client.controller.getResponse(ep.getUser, null)).toEqual({ data: undefined, expiryStatus: ExpiryStatus.Valid, expiresAt: 0 });
    expect(client.controller.getError(ep.getUser, null)).toBeUndefined();
  });
});
