// What a stored entry can be besides a good one: corrupt, truncated, foreign, from a newer build,
// the wrong shape, full of prototype keys; and storages that throw. None of it reaches the app as
// an exception: the entry is dropped with a warning, or the state is kept in memory.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persist, type PersistStorage } from '../../src/core/index.js';
import type { DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { expectNoPollution, protoKeys } from '../hostile/pollution.js';
import { countingStorage, makeUsers, offlineClient, settle, takeWarnings, User, usersServer, type Users } from './fixtures.js';

let server: TestServer;
let R: Users;
let client: DataClient;
const warnSpy = vi.spyOn(console, 'warn');

beforeEach(async () => {
  server = await usersServer();
  R = makeUsers(server.url);
  client = offlineClient().client;
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

/** A good entry as persist writes it, for the user table `users`. */
function entry(users: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Date.now();
  const meta = { date: now, fetchedAt: now, expiresAt: now + 60_000 };
  return {
    format: 'rest-signals/persist',
    version: 1,
    buster: '',
    savedAt: now,
    state: {
      entities: { User: users },
      indexes: {},
      endpoints: {},
      meta: {},
      entitiesMeta: { User: Object.fromEntries(Object.keys(users).map(pk => [pk, meta])) },
    },
    paused: [],
    ...extra,
  };
}

async function restoreFrom(text: string): Promise<{ storage: ReturnType<typeof countingStorage>; warnings: string[] }> {
  const storage = countingStorage();
  storage.map.set('rest-signals', text);
  await persist(client, { storage }).restored;
  return { storage, warnings: takeWarnings(warnSpy) };
}

describe('stored entries that are not good', () => {
  it.each([
    ['corrupt JSON', '{"format": "rest-signals/persist", "version": 1, "state": {', /not valid JSON/],
    ['truncated', JSON.stringify(entry({ 1: { id: 1, name: 'Ann', count: 0 } })).slice(0, 80), /not valid JSON/],
    ['foreign', JSON.stringify({ clientState: { queries: [] }, buster: '' }), /not written by persist\(\)/],
    ['a bare string', JSON.stringify('hello'), /not written by persist\(\)/],
    ['too new', JSON.stringify(entry({ 1: { id: 1 } }, { version: 99 })), /newer version \(format 99/],
    ['a wrong shape', JSON.stringify(entry({}, { state: { entities: [1, 2], meta: 'x' } })), /wrong shape.*initialState\.entities/],
    ['a bad meta', JSON.stringify(entry({}, { state: { entities: {}, meta: { 'GET /x': { date: 'soon' } } } })), /wrong shape.*meta/],
    ['no savedAt', JSON.stringify(entry({}, { savedAt: 'yesterday' })), /no valid savedAt/],
  ])('%s: dropped with a warning, never thrown; the store stays empty and usable', async (_name, text, message) => {
    const { storage, warnings } = await restoreFrom(text);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[rest-signals\] persist-entry-dropped: persist\("rest-signals"\): the stored entry was dropped: /);
    expect(warnings[0]).toMatch(message);
    expect(storage.map.has('rest-signals')).toBe(false);
    expect(client.controller.getState().entities).toEqual({});
    await expect(client.controller.fetch(R.get, { id: 1 })).resolves.toMatchObject({ name: 'Ann' });
  });

  it('__proto__ and constructor keys in stored data are plain keys: no prototype is touched', async () => {
    const before = protoKeys();
    const text =
      '{"format":"rest-signals/persist","version":1,"buster":"","savedAt":' + Date.now() + ',"paused":[],' +
      '"state":{"entities":{"User":{"1":{"id":1,"name":"Ann","count":0,"__proto__":{"polluted":true}},' +
      '"__proto__":{"id":"__proto__","name":"Proto","polluted":true}},"__proto__":{"x":{"polluted":true}},' +
      '"constructor":{"prototype":{"polluted":true}}},' +
      '"indexes":{"__proto__":{"polluted":{"yes":"1"}}},"endpoints":{"__proto__":{"polluted":true}},' +
      '"meta":{"__proto__":{"date":1,"fetchedAt":1,"expiresAt":1}},"entitiesMeta":{"__proto__":{"polluted":{"date":1,"fetchedAt":1,"expiresAt":1}}}}}';
    const { warnings } = await restoreFrom(text);
    expect(warnings).toEqual([]);
    expectNoPollution(before);
    const ann = client.controller.get(User, { id: 1 }) as User;
    expect(ann).toMatchObject({ id: 1, name: 'Ann' });
    expect((ann as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a paused mutation of the wrong shape is dropped with a warning; the state is restored', async () => {
    const { warnings } = await restoreFrom(
      JSON.stringify(entry({ 1: { id: 1, name: 'Ann', count: 0 } }, { paused: [{ endpoint: 42 }] })),
    );
    expect(warnings).toEqual([expect.stringMatching(/a paused mutation was dropped: expected \{ endpoint, args \}/)]);
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'Ann' });
  });
});

describe('storages that throw', () => {
  const throwing = (on: 'read' | 'write'): PersistStorage & { calls: number } => {
    const s = {
      calls: 0,
      getItem: () => {
        s.calls++;
        if (on === 'read') throw new Error('SecurityError: storage disabled');
        return null;
      },
      setItem: () => {
        s.calls++;
        throw new DOMException('quota exceeded', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    return s;
  };

  it('a storage that throws on write: one warning, then the state is kept in memory; the app goes on', async () => {
    const storage = throwing('write');
    const p = persist(client, { storage, throttleMs: 0 });
    await p.restored;
    await client.controller.fetch(R.get, { id: 1 });
    await expect(p.flush()).resolves.toBeUndefined();
    const warnings = takeWarnings(warnSpy);
    expect(warnings).toEqual([expect.stringMatching(/the storage failed while writing; keeping the state in memory/)]);
    const calls = storage.calls;
    await client.controller.fetch(R.get, { id: 2 });
    await settle(20);
    await p.flush();
    expect(storage.calls).toBe(calls); // the failed storage is not tried again
    expect(takeWarnings(warnSpy)).toEqual([]);
    expect(client.controller.get(User, { id: 2 })).toMatchObject({ name: 'Bob' });
  });

  it('a storage that throws on read (private mode): restore ends empty with a warning; views fetch', async () => {
    const p = persist(client, { storage: throwing('read') });
    const view = client.dle(R.get, { id: 1 });
    const stop = view.subscribe(() => {});
    await p.restored;
    expect(takeWarnings(warnSpy)).toEqual([expect.stringMatching(/the storage failed while reading/)]);
    await vi.waitFor(() => expect(view.value).toMatchObject({ loading: false, data: { name: 'Ann' } }));
    stop();
  });

  it('an async storage whose getItem rejects: same as throwing', async () => {
    const storage: PersistStorage = {
      getItem: () => Promise.reject(new Error('idb blocked')),
      setItem: () => Promise.resolve(),
      removeItem: () => Promise.resolve(),
    };
    await persist(client, { storage }).restored;
    expect(takeWarnings(warnSpy)).toEqual([expect.stringMatching(/failed while reading/)]);
  });
});
