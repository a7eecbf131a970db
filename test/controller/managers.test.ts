import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FocusManager,
  getDefaultManagers,
  LogoutManager,
  NetworkManager,
  OnlineManager,
  PollingSubscription,
  SubscriptionManager,
  type DataClient,
  type EventSource,
} from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, type User } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient | undefined;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
});
afterEach(async () => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
  await server.close();
});

const gets = (path: string) => server.requests.filter(r => r.method === 'GET' && r.path === path).length;

/** An event source the test fires by hand. */
function manualSource(): EventSource & { fire(): void; listeners: number } {
  const fns = new Set<() => void>();
  const source = ((notify: () => void) => {
    fns.add(notify);
    return () => fns.delete(notify);
  }) as unknown as EventSource & { fire(): void; listeners: number };
  source.fire = () => fns.forEach(f => f());
  Object.defineProperty(source, 'listeners', { get: () => fns.size });
  return source;
}

describe('PollingSubscription', () => {
  it('runs at the shortest frequency and stops when the last subscriber leaves', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const poll = new PollingSubscription(ep.getUser, [{ id: 1 }], run);
    poll.add(1000);
    poll.add(300);
    expect(poll.frequency).toBe(300);
    vi.advanceTimersByTime(900);
    expect(run).toHaveBeenCalledTimes(3);
    expect(poll.remove(300)).toBe(false);
    expect(poll.frequency).toBe(1000);
    run.mockClear();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(poll.remove(1000)).toBe(true);
    expect(poll.active).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('subscribe / unsubscribe', () => {
  it('is reference counted; the shortest pollFrequency wins', async () => {
    client = makeClient();
    const slow = ep.getUser.extend({ pollFrequency: 400 });
    const fast = ep.getUser.extend({ pollFrequency: 40 });
    await client.controller.subscribe(slow, { id: 1 });
    await client.controller.subscribe(fast, { id: 1 });
    expect(client.stats().subscriptions).toBe(1);
    await vi.waitFor(() => expect(gets('/users/1')).toBeGreaterThanOrEqual(3), { timeout: 2000 });
    await client.controller.unsubscribe(fast, { id: 1 });
    expect(client.stats().subscriptions).toBe(1);
    await client.controller.unsubscribe(slow, { id: 1 });
    expect(client.stats()).toMatchObject({ subscriptions: 0, timers: 0 });
    await new Promise(r => setTimeout(r, 60));
    const n = gets('/users/1');
    await new Promise(r => setTimeout(r, 200));
    expect(gets('/users/1')).toBe(n);
    expect((client.controller.getResponse(ep.getUser, { id: 1 }).data as User).name).toBe('Ann');
  });

  it('subscribe without pollFrequency rejects with a TypeError naming the option', async () => {
    client = makeClient();
    await expect(client!.controller.subscribe(ep.getUser, { id: 1 })).rejects.toThrow(/pollFrequency/);
  });
});

describe('LogoutManager', () => {
  it('on a 401 resets the store and calls handleLogout', async () => {
    const handleLogout = vi.fn();
    client = makeClient({ managers: [new LogoutManager({ handleLogout }), ...getDefaultManagers()] });
    await client.controller.fetch(ep.getUser, { id: 1 });
    server.next.status(401);
    await client.controller.fetch(ep.getUser, { id: 2 }).catch(() => undefined);
    expect(handleLogout).toHaveBeenCalledWith(client.controller);
    expect(client.controller.getState().entities).toEqual({});
  });

  it('ignores other errors; shouldLogout decides', async () => {
    const handleLogout = vi.fn();
    client = makeClient({
      managers: [new LogoutManager({ handleLogout, shouldLogout: e => (e as { status?: number }).status === 403 }), new NetworkManager()],
    });
    server.next.status(401);
    await client.controller.fetch(ep.getUser, { id: 2 }).catch(() => undefined);
    expect(handleLogout).not.toHaveBeenCalled();
    server.next.status(403);
    await client.controller.fetch(ep.getUser, { id: 2 }).catch(() => undefined);
    expect(handleLogout).toHaveBeenCalledTimes(1);
  });
});

describe('managers option', () => {
  it('replaces the defaults', () => {
    const focus = manualSource();
    client = makeClient({ managers: [new NetworkManager(), new SubscriptionManager()] });
    expect(focus.listeners).toBe(0);
    const defaults = getDefaultManagers();
    expect(defaults.map(m => m.constructor.name)).toEqual(['NetworkManager', 'SubscriptionManager']);
  });

  it('finds a NetworkManager and SubscriptionManager made by a second copy of the library by their brand', async () => {
    // a fresh module graph is a second copy of the library, as its CommonJS build beside the ESM one
    vi.resetModules();
    const second = await import('../../src/core/index.js');
    const network = new second.NetworkManager();
    const subscriptions = new second.SubscriptionManager();
    expect(network).not.toBeInstanceOf(NetworkManager);
    expect(subscriptions).not.toBeInstanceOf(SubscriptionManager);
    client = makeClient({ managers: [network, subscriptions] });
    // no second pair was added: the controller runs and stops these
    expect(contextOf(client.controller).network).toBe(network);
    expect(contextOf(client.controller).subscriptions).toBe(subscriptions);
    expect(await client.controller.fetch(ep.getUser, { id: 1 })).toMatchObject({ name: 'Ann' });
    await client.controller.subscribe(ep.getUser.extend({ pollFrequency: 60_000 }), { id: 2 });
    expect(subscriptions.size).toBe(1);
    client.destroy();
    expect(subscriptions.size).toBe(0);
    await expect(client.controller.fetch(ep.getUser, { id: 1 })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('a built-in manager serves one client', () => {
  it('each built-in manager given to a second client throws naming it, before that client starts anything', async () => {
    const { StreamManager, TabSyncManager } = await import('../../src/core/streaming/index.js');
    const { DevToolsManager } = await import('../../src/devtools/index.js');
    const focus = manualSource();
    const makers = [
      () => new NetworkManager(),
      () => new SubscriptionManager(),
      () => new FocusManager({ source: manualSource() }),
      () => new OnlineManager({ source: manualSource(), offlineSource: manualSource() }),
      () => new LogoutManager(),
      () => new StreamManager({ connect: () => Object.assign(new EventTarget(), { close() {} }) as unknown as import('../../src/core/streaming/index.js').StreamSource, onMessage() {} }),
      () => new TabSyncManager({ channel: 'one-client' }),
      () => new DevToolsManager(),
    ];
    for (const make of makers) {
      const manager = make();
      const name = manager.constructor.name;
      const first = makeClient({ managers: [manager] });
      // the second client's own FocusManager comes first: it must not be started by a client that throws
      expect(() => makeClient({ managers: [new FocusManager({ source: focus }), manager] }), name).toThrow(
        new RegExp(`^${name}: this instance already serves another client.*managers: \\(\\) => \\[new ${name}\\(\\)`),
      );
      expect(focus.listeners, name).toBe(0);
      first.destroy();
      // a destroyed client's managers are spent: they serve no other client either
      expect(() => makeClient({ managers: [manager] }), name).toThrow(TypeError);
    }
  });

  it('a NetworkManager shared by two clients would serve both: each client now gets its own requests and keeps its network when the other ends', async () => {
    const network = new NetworkManager();
    client = makeClient({ managers: [network] });
    expect(() => makeClient({ managers: [network] })).toThrow(/NetworkManager/);
    // the first client was untouched by the refused one
    expect(await client.controller.fetch(ep.getUser, { id: 1 })).toMatchObject({ name: 'Ann' });
    expect(contextOf(client.controller).network).toBe(network);
  });

  it('a manager from a second copy of the library is refused too (the claim is a registered symbol)', async () => {
    vi.resetModules();
    const second = await import('../../src/core/index.js');
    const network = new second.NetworkManager();
    client = makeClient({ managers: [network] });
    expect(() => makeClient({ managers: [network] })).toThrow(/^NetworkManager: this instance already serves another client/);
  });
});

describe("getDefaultManagers(options), data-client's", () => {
  it('takes the NetworkManager as options: a fetched reply of an endpoint without its own expiry stays fresh that long', async () => {
    client = makeClient({ managers: getDefaultManagers({ networkManager: { dataExpiryLength: 3_600_000 } }) });
    await client.controller.fetch(ep.getUser, { id: 1 });
    const { expiresAt } = client.controller.getResponse(ep.getUser, { id: 1 });
    expect(expiresAt - Date.now()).toBeGreaterThan(3_500_000);
    // its own expiry still wins, and setResponse (no request) keeps the library default
    await client.controller.fetch(ep.getUser.extend({ dataExpiryLength: 5_000 }), { id: 2 });
    expect(client.controller.getResponse(ep.getUser, { id: 2 }).expiresAt - Date.now()).toBeLessThanOrEqual(5_000);
  });

  it('takes instances as they are, a polling class, and null to leave SubscriptionManager out', async () => {
    const network = new NetworkManager({ errorExpiryLength: 1 });
    const managers = getDefaultManagers({ networkManager: network, subscriptionManager: null });
    expect(managers[0]).toBe(network);
    expect(managers.map(m => m.constructor.name)).toEqual(['NetworkManager']);
    const runs: string[] = [];
    class CountingPoll extends PollingSubscription {
      override add(frequency: number): void {
        runs.push(this.endpoint.key(...(this.args as [{ id: number }])));
        super.add(frequency);
      }
    }
    const polled = getDefaultManagers({ subscriptionManager: CountingPoll });
    client = makeClient({ managers: polled });
    await client.controller.subscribe(ep.getUser.extend({ pollFrequency: 60_000 }), { id: 3 });
    expect(runs).toEqual([ep.getUser.key({ id: 3 })]);
    expect(new SubscriptionManager(PollingSubscription).size).toBe(0);
  });

  it('puts a DevToolsManager given as an instance first; options alone are unused, with a warning', () => {
    const devtools = { middleware: () => (next: (a: unknown) => Promise<void>) => next, cleanup() {} };
    expect(getDefaultManagers({ devToolsManager: devtools })[0]).toBe(devtools);
    expect(getDefaultManagers({ devToolsManager: { latency: 1000 } }).map(m => m.constructor.name)).toEqual(['NetworkManager', 'SubscriptionManager']);
    expect(vi.mocked(console.warn)).toHaveBeenCalledWith(expect.stringContaining('devtools-options-unused'));
    vi.mocked(console.warn).mockClear();
    expect(getDefaultManagers({ networkManager: null })[0]).toBeInstanceOf(NetworkManager);
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(expect.stringContaining('network-manager-required'));
    vi.mocked(console.error).mockClear();
  });
});

describe('focus and reconnect refetch', () => {
  it('refetches stale data of watched views only; fresh data is left alone', async () => {
    const focus = manualSource();
    const online = manualSource();
    client = makeClient({
      managers: [new NetworkManager(), new SubscriptionManager(), new FocusManager({ source: focus }), new OnlineManager({ source: online })],
    });
    expect(focus.listeners).toBe(1);
    const fresh = client.dle(ep.getUser, { id: 2 });
    const short = ep.getUser.extend({ dataExpiryLength: 250 });
    const view = client.dle(short, { id: 1 });
    const stop = effect(() => void view.value);
    const stopFresh = effect(() => void fresh.value);
    await vi.waitFor(() => expect(view.value.data).toBeDefined(), { interval: 5 });
    await vi.waitFor(() => expect(fresh.value.data).toBeDefined(), { interval: 5 });
    expect(gets('/users/1')).toBe(1);
    focus.fire();
    await new Promise(r => setTimeout(r, 20));
    expect(gets('/users/1')).toBe(1);
    await new Promise(r => setTimeout(r, 300));
    focus.fire();
    await vi.waitFor(() => expect(gets('/users/1')).toBe(2));
    await vi.waitFor(() => expect(view.value.loading).toBe(false));
    await new Promise(r => setTimeout(r, 300));
    online.fire();
    await vi.waitFor(() => expect(gets('/users/1')).toBe(3));
    expect(gets('/users/2')).toBe(1);
    stop();
    stopFresh();
    await new Promise(r => setTimeout(r, 300));
    focus.fire();
    await new Promise(r => setTimeout(r, 30));
    expect(gets('/users/1')).toBe(3);
    client.destroy();
    expect(focus.listeners).toBe(0);
    expect(online.listeners).toBe(0);
  });
});
