// @vitest-environment jsdom
// The default OnlineManager follows the browser: `navigator.onLine` at start, then the window's
// `offline` / `online` events; it removes its listeners on destroy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataClient, ImmortalGCPolicy } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { makeUsers, settle, usersServer, type Users } from './fixtures.js';

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

describe('OnlineManager in a browser', () => {
  it('window offline pauses mutations; window online sends them', async () => {
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
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
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
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
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
    const added = add.mock.calls.map(c => c[0]).filter(t => t === 'online' || t === 'offline').sort();
    expect(added).toEqual(['offline', 'online']);
    client.destroy();
    const removed = remove.mock.calls.map(c => c[0]).filter(t => t === 'online' || t === 'offline').sort();
    expect(removed).toEqual(['offline', 'online']);
  });
});
