// @vitest-environment jsdom
// Focus / reconnect refetch and the offline gate are opt-in, as in data-client: a client from the
// defaults has neither. The documented line adds them (OnlineManager follows the browser:
// `navigator.onLine` at start, then the window's `offline` / `online` events), and
// `persist(..., { resources })` brings the gate alone. Listeners go on destroy.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataClient, FocusManager, getDefaultManagers, ImmortalGCPolicy, OnlineManager, persist, type DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import type { TestServer } from '../server/createTestServer.js';
import { countingStorage, makeUsers, settle, usersServer, type Users } from './fixtures.js';

let server: TestServer;
let R: Users;
beforeEach(async () => {
  server = await usersServer();
  R = makeUsers(server.url);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/** The documented opt-in line. */
const withOptIn = (): DataClient => createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [...getDefaultManagers(), new FocusManager(), new OnlineManager()] });

const gets = (path: string): number => server.requests.filter(r => r.method === 'GET' && r.path === path).length;

/** Watches a view of /users/1 that is stale after 50 ms, until it has data; then waits till it is stale. */
async function staleView(client: DataClient): Promise<() => void> {
  const view = client.dle(R.get.extend({ dataExpiryLength: 50 }), { id: 1 });
  const stop = effect(() => void view.value);
  await vi.waitFor(() => expect(view.value.data).toBeDefined(), { interval: 5 });
  await settle(80);
  return stop;
}

describe('the defaults, as data-client: no focus refetch, no offline gate', () => {
  it('a focused window refetches nothing; an offline mutation goes to the network; nothing listens to the window', async () => {
    const add = vi.spyOn(window, 'addEventListener');
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
    expect(add.mock.calls.map(c => c[0]).filter(t => ['focus', 'visibilitychange', 'online', 'offline'].includes(t))).toEqual([]);
    expect(contextOf(client.controller).gate.peek()).toBeUndefined();
    const stop = await staleView(client);
    window.dispatchEvent(new Event('focus'));
    await settle(30);
    expect(gets('/users/1')).toBe(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await expect(client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'sent anyway' })).resolves.toMatchObject({ name: 'sent anyway' });
    expect(client.stats().paused).toBe(0);
    stop();
    client.destroy();
  });
});

describe('the opt-in line: FocusManager and OnlineManager in a browser', () => {
  it('a focused window refetches stale watched data', async () => {
    const client = withOptIn();
    const stop = await staleView(client);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(gets('/users/1')).toBe(2));
    stop();
    client.destroy();
  });

  it('window offline pauses mutations; window online sends them', async () => {
    const client = withOptIn();
    await client.controller.fetch(R.get, { id: 1 });
    server.requests.length = 0;
    window.dispatchEvent(new Event('offline'));
    const p = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'while offline' });
    await settle(30);
    expect(server.requests).toHaveLength(0);
    expect(client.stats().paused).toBe(1);
    window.dispatchEvent(new Event('online'));
    await expect(p).resolves.toMatchObject({ name: 'while offline' });
    expect(server.requests).toHaveLength(1);
    client.destroy();
  });

  it('starts offline when navigator.onLine is false', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = withOptIn();
    const p = client.controller.fetch(R.partialUpdate, { id: 2 }, { name: 'queued' });
    await settle(30);
    expect(client.stats().paused).toBe(1);
    window.dispatchEvent(new Event('online'));
    await p;
    expect(server.requests.map(r => r.method)).toEqual(['PATCH']);
    client.destroy();
  });

  it('destroy removes the window listeners', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const client = withOptIn();
    const added = add.mock.calls.map(c => c[0]).filter(t => t === 'online' || t === 'offline' || t === 'focus').sort();
    expect(added).toEqual(['focus', 'offline', 'online']);
    client.destroy();
    const removed = remove.mock.calls.map(c => c[0]).filter(t => t === 'online' || t === 'offline' || t === 'focus').sort();
    expect(removed).toEqual(['focus', 'offline', 'online']);
  });
});

describe('persist(..., { resources }) brings the gate', () => {
  it('on a client from the defaults, a mutation made offline is paused and stored, and sent when the window is online', async () => {
    const storage = countingStorage();
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
    const p = persist(client, { storage, throttleMs: 10, resources: [R] });
    await p.restored;
    window.dispatchEvent(new Event('offline'));
    const sent = client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'kept' });
    expect(client.stats().paused).toBe(1);
    await p.flush();
    const stored = JSON.parse(storage.map.get('rest-signals')!) as { paused: { args: unknown[] }[] };
    expect(stored.paused.map(m => m.args)).toEqual([[{ id: 1 }, { name: 'kept' }]]);
    expect(server.requests).toHaveLength(0);
    window.dispatchEvent(new Event('online'));
    await expect(sent).resolves.toMatchObject({ name: 'kept' });
    const remove = vi.spyOn(window, 'removeEventListener');
    client.destroy();
    expect(remove.mock.calls.map(c => c[0]).filter(t => t === 'online' || t === 'offline').sort()).toEqual(['offline', 'online']);
  });

  it('without resources it brings no offline pausing', async () => {
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
    const p = persist(client, { storage: countingStorage(), throttleMs: 10 });
    await p.restored;
    window.dispatchEvent(new Event('offline'));
    await expect(client.controller.fetch(R.partialUpdate, { id: 1 }, { name: 'sent' })).resolves.toMatchObject({ name: 'sent' });
    expect(client.stats().paused).toBe(0);
    client.destroy();
  });
});
