// The request side: who a refetch runs for (focus, reconnect, polling), what a throwing onAction
// may not break, a NetworkManager from a second copy of the package, and the middleware chain
// seeing each request's FETCH and its outcome once.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  actionTypes,
  createDataClient,
  FocusManager,
  GCPolicy,
  getDefaultManagers,
  NetworkManager,
  OnlineManager,
  SubscriptionManager,
  type ActionTypes,
  type DataClient,
  type EventSource,
  type Manager,
  type Middleware,
  type StoreAction,
} from '../../src/core/index.js';
import { createMockClient } from '../../src/test/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, User } from '../client/fixtures.js';

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
  vi.unstubAllGlobals();
  await server.close();
});

const gets = (path: string) => server.requests.filter(r => r.method === 'GET' && r.path === path).length;
const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

function manualSource(): EventSource & { fire(): void } {
  const fns = new Set<() => void>();
  const source = ((notify: () => void) => {
    fns.add(notify);
    return () => fns.delete(notify);
  }) as unknown as EventSource & { fire(): void };
  source.fire = () => fns.forEach(f => f());
  return source;
}

describe('refetches run with a caller that is still there', () => {
  it('focus and reconnect refetch with a view still watching after the first watcher left and aborted its signal (useCancelling)', async () => {
    const focus = manualSource();
    const online = manualSource();
    client = makeClient({ managers: [new NetworkManager(), new SubscriptionManager(), new FocusManager({ source: focus }), new OnlineManager({ source: online })] });
    const short = ep.getUser.extend({ dataExpiryLength: 100 });
    const cancel = new AbortController();
    const first = client.dle(short.extend({ signal: cancel.signal }), { id: 1 });
    const stopFirst = effect(() => void first.value);
    await vi.waitFor(() => expect(first.value.data).toBeDefined());
    const second = client.dle(short, { id: 1 });
    const stopSecond = effect(() => void second.value);
    // as useCancelling does when its arguments change: the first view leaves and its signal aborts
    stopFirst();
    cancel.abort();
    await sleep(150);
    focus.fire();
    await vi.waitFor(() => expect(gets('/users/1')).toBe(2));
    await vi.waitFor(() => expect(second.value.loading).toBe(false));
    await sleep(150);
    online.fire();
    await vi.waitFor(() => expect(gets('/users/1')).toBe(3));
    stopSecond();
  });

  it('polling goes on with a view still watching after the first poller left and aborted its signal', async () => {
    client = makeClient();
    const polled = ep.getUser.extend({ pollFrequency: 40 });
    const cancel = new AbortController();
    const first = client.live(polled.extend({ signal: cancel.signal }), { id: 1 });
    const stopFirst = effect(() => void first.value);
    await vi.waitFor(() => expect(first.value.data).toBeDefined());
    const second = client.live(polled, { id: 1 });
    const stopSecond = effect(() => void second.value);
    stopFirst();
    cancel.abort();
    const before = gets('/users/1');
    await vi.waitFor(() => expect(gets('/users/1')).toBeGreaterThanOrEqual(before + 2), { timeout: 2000 });
    expect(client.controller.getError(polled, { id: 1 })).toBeUndefined();
    stopSecond();
  });
});

describe('a manager whose onAction throws', () => {
  it('breaks neither the write nor its bookkeeping: fetch resolves, the other listeners and the GC hear the write, and the error is reported', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const heard: string[] = [];
    const broken: Manager = {
      onAction(action: StoreAction) {
        if (action.type === 'setResponse') throw new Error('broken onAction');
      },
    };
    const listening: Manager = {
      onAction(action: StoreAction) {
        heard.push(action.type);
      },
    };
    const gc = new GCPolicy({ intervalMS: 60_000 });
    client = createDataClient({ managers: [broken, listening, ...getDefaultManagers()], gcPolicy: gc });
    await expect(client.controller.fetch(ep.getUser, { id: 1 })).resolves.toMatchObject({ name: 'Ann' });
    expect(client.controller.get(User, { id: 1 })).toMatchObject({ name: 'Ann' });
    expect(heard).toEqual(['setResponse']);
    expect(gc.timers).toBe(1);
    expect(reported).toEqual([expect.objectContaining({ message: 'broken onAction' })]);
  });
});

describe('a NetworkManager from a second copy of the package', () => {
  it('drops its optimistic layer with the reply', async () => {
    // a fresh module graph is a second copy, as the CommonJS build beside the ESM one
    vi.resetModules();
    const second = await import('../../src/core/index.js');
    client = makeClient({ managers: [new second.NetworkManager(), new SubscriptionManager()] });
    await client.controller.fetch(ep.getUser, { id: 1 });
    const increment = ep.updateUser.extend({
      getOptimisticResponse(snap, { id }: { id: number }) {
        const user = snap.get(User, { id }) as User;
        return { ...user, count: user.count + 1 };
      },
    });
    await client.controller.fetch(increment, { id: 1 }, { count: 1 });
    // the server says 1; a layer left behind would show 2 (its +1 replayed on the reply)
    expect((client.controller.get(User, { id: 1 }) as User).count).toBe(1);
  });

  it('is replaced by createMockClient, not run beside the mock: it stays free for another client', async () => {
    vi.resetModules();
    const second = await import('../../src/core/index.js');
    const network = new second.NetworkManager();
    const mock = createMockClient({
      managers: [network, new SubscriptionManager()],
      resolverFixtures: [{ endpoint: ep.getUser, args: [{ id: 1 }], response: { id: 1, name: 'Fixture', count: 0 } }],
    });
    expect(await mock.controller.fetch(ep.getUser, { id: 1 })).toMatchObject({ name: 'Fixture' });
    mock.destroy();
    client = makeClient({ managers: [network] });
    expect(await client.controller.fetch(ep.getUser, { id: 1 })).toMatchObject({ name: 'Ann' });
  });
});

/** Records every action it sees, then passes it on. */
function recorder(): Manager & { seen: ActionTypes[] } {
  const seen: ActionTypes[] = [];
  const middleware: Middleware = () => next => action => {
    seen.push(action);
    return next(action);
  };
  return { seen, middleware };
}

describe("the app's middleware sees each request once", () => {
  it('a fetch, a failed fetch and an optimistic mutation: one FETCH and one SET_RESPONSE each', async () => {
    const r = recorder();
    client = makeClient({ managers: [r, ...getDefaultManagers()] });
    await client.controller.fetch(ep.getUser, { id: 1 });
    await expect(client.controller.fetch(ep.getUser, { id: 99 })).rejects.toMatchObject({ status: 404 });
    const rename = ep.updateUser.extend({ getOptimisticResponse: (_snap, { id }: { id: number }, body: { name: string }) => ({ id, ...body }) });
    await client.controller.fetch(rename, { id: 1 }, { name: 'Ada' });
    expect(r.seen.map(a => [a.type, 'error' in a && a.error === true])).toEqual([
      [actionTypes.FETCH, false],
      [actionTypes.SET_RESPONSE, false],
      [actionTypes.FETCH, false],
      [actionTypes.SET_RESPONSE, true],
      [actionTypes.FETCH, false],
      [actionTypes.SET_RESPONSE, false],
    ]);
    expect(client.stats().inflight).toBe(0);
  });

  it('a reply a middleware consumed, or passed on with copied arguments, still ends its request and its optimistic layer', async () => {
    for (const mode of ['consume', 'copy'] as const) {
      const middleware: Middleware = () => next => action => {
        if (action.type !== actionTypes.SET_RESPONSE || action.endpoint.sideEffect !== true) return next(action);
        return mode === 'consume' ? Promise.resolve() : next({ ...action, args: [...action.args] });
      };
      client = makeClient({ managers: [{ middleware }, ...getDefaultManagers()] });
      await client.controller.fetch(ep.getUser, { id: 1 });
      const rename = ep.updateUser.extend({ getOptimisticResponse: (_snap, { id }: { id: number }, body: { name: string }) => ({ id, ...body }) });
      await client.controller.fetch(rename, { id: 1 }, { name: 'Ada' });
      expect(client.stats().inflight, mode).toBe(0);
      // consumed: the optimistic name leaves with its request; copied: the reply is written
      expect((client.controller.get(User, { id: 1 }) as User).name, mode).toBe(mode === 'consume' ? 'Ann' : 'Ada');
      client.destroy();
    }
  });
});
