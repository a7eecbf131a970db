// @vitest-environment jsdom
// client.destroy() with everything running (polling, requests in flight, an optimistic layer, a
// suspense promise, the GC sweep timer, the opt-in window focus/online listeners) leaves no library timer, no
// window listener and no promise that never settles; nothing restarts afterwards.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createDataClient, FocusManager, getDefaultManagers, OnlineManager, resource } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { User, seedUsers } from '../client/fixtures.js';
import { trackTimers } from '../reliability/timerTracker.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
});
afterAll(() => server.close());

/** Window listeners added minus removed, by event type. */
function trackWindowListeners() {
  const live = new Map<string, number>();
  const add = vi.spyOn(window, 'addEventListener').mockImplementation(function (this: Window, type: string) {
    live.set(type, (live.get(type) ?? 0) + 1);
  } as never);
  const remove = vi.spyOn(window, 'removeEventListener').mockImplementation(function (this: Window, type: string) {
    live.set(type, (live.get(type) ?? 0) - 1);
  } as never);
  return {
    live: () => [...live].filter(([, n]) => n !== 0),
    added: () => add.mock.calls.length,
    restore() {
      add.mockRestore();
      remove.mockRestore();
    },
  };
}

/** Resolves to 'settled' when `p` settles, or 'pending' after `ms`. */
const settles = (p: Promise<unknown>, ms = 1000) =>
  Promise.race([p.then(() => 'settled', () => 'settled'), new Promise(r => setTimeout(() => r('pending'), ms))]);

it('destroy stops polling, aborts requests, drops layers, clears timers and listeners; promises settle', async () => {
  const timers = trackTimers();
  const listeners = trackWindowListeners();
  try {
    const client = createDataClient({ managers: [...getDefaultManagers(), new FocusManager(), new OnlineManager()] });
    expect(listeners.added()).toBeGreaterThan(0);
    const Users = resource({ urlPrefix: server.url, path: '/users/:id', schema: User, optimistic: true });
    await client.controller.fetch(Users.get, { id: 1 });

    const stopLive = client.live(Users.get.extend({ pollFrequency: 20 }), { id: 1 }).subscribe(() => {});
    const hold = server.next.hold();
    const viewStop = client.dle(Users.get, { id: 2 }).subscribe(() => {});
    await hold.arrived;
    const hold2 = server.next.hold();
    const mutation = client.controller.fetch(Users.partialUpdate, { id: 1 }, { name: 'Anna' });
    mutation.catch(() => {});
    await hold2.arrived;
    let thrown: unknown;
    try {
      void client.suspense(Users.get, { id: 3 }).value;
    } catch (p) {
      thrown = p;
    }
    expect(thrown).toBeInstanceOf(Promise);
    expect(client.stats().inflight).toBeGreaterThanOrEqual(3);

    client.destroy();
    expect(await settles(mutation)).toBe('settled');
    expect(await mutation.then(() => 'resolved', (e: Error) => e.name)).toBe('AbortError');
    expect(await settles(thrown as Promise<unknown>)).toBe('settled');
    expect((client.controller.get(User, { id: 1 }) as User).name).toBe('Ann');
    expect(client.stats()).toMatchObject({ inflight: 0, subscriptions: 0, timers: 0 });
    expect(timers.pending()).toEqual([]);
    expect(listeners.live()).toEqual([]);

    // the views the user still holds let go without restarting anything
    stopLive();
    viewStop();
    const sent = server.requests.length;
    const again = client.dle(Users.get, { id: 4 }).subscribe(() => {});
    again();
    await new Promise(r => setTimeout(r, 60));
    expect(server.requests.length).toBe(sent);
    expect(client.stats().watchedViews).toBe(0);
    expect(timers.pending()).toEqual([]);
    await hold();
    await hold2();
  } finally {
    timers.restore();
    listeners.restore();
  }
});
