import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamManager, getDefaultManagers, type DataClient, type StreamManagerOptions, type StreamMessage, type StreamSource, type Controller } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, User } from '../client/fixtures.js';
import { FetchEventSource } from './FetchEventSource.js';
import { WebSocket } from './nodeWs.js';
import { createPushServer, type PushServer } from './pushServer.js';


let rest: TestServer;
let push: PushServer;
let ep: ReturnType<typeof api>;
const clients: DataClient[] = [];

beforeEach(async () => {
  rest = await startServer();
  push = await createPushServer();
  ep = api(rest.url);
});
afterEach(async () => {
  clients.splice(0).forEach(c => c.destroy());
  await push.close();
  await rest.close();
});

/** The app's message handler: `{ type: 'user', user }` writes the user. */
function applyUser(event: StreamMessage, controller: Controller): Promise<void> | undefined {
  const msg = JSON.parse(String(event.data)) as { type: string; user: { id: number } };
  if (msg.type === 'user') return controller.set(User, { id: msg.user.id }, msg.user);
  return undefined;
}

const transports = {
  sse: (): StreamSource => new FetchEventSource(`${push.url}/events`) as unknown as StreamSource,
  websocket: (): StreamSource => new WebSocket(`${push.url.replace('http', 'ws')}/ws`) as unknown as StreamSource,
};

function liveClient(connect: () => StreamSource, options: Partial<StreamManagerOptions> = {}): { client: DataClient; stream: StreamManager } {
  const stream = new StreamManager({ connect, onMessage: applyUser, batchMs: 0, ...options });
  const client = makeClient({ managers: [stream, ...getDefaultManagers()] });
  clients.push(client);
  return { client, stream };
}

const until = async (cond: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise(r => setTimeout(r, 5));
  }
};

describe.each(Object.entries(transports))('StreamManager over %s', (_name, connect) => {
  it('turns messages into entity writes; exactly the views showing that entity re-run, with no request', async () => {
    const { client, stream } = liveClient(connect);
    await client.controller.fetch(ep.getUsers);
    const runs = { list: 0, 1: 0, 2: 0, 3: 0 };
    const list = client.cache(ep.getUsers);
    const stops = [
      effect(() => void (list.value, runs.list++)),
      ...([1, 2, 3] as const).map(id => {
        const v = client.cache(ep.getUser, { id });
        return effect(() => void (v.value, runs[id]++));
      }),
    ];
    await push.waitForOpen(1);
    await until(() => stream.status.value === 'open');
    const requests = rest.requests.length;
    push.send({ type: 'user', user: { id: 2, name: 'Bea', count: 7 } });
    await until(() => client.controller.get(User, { id: 2 }) !== undefined && (client.controller.get(User, { id: 2 }) as User).name === 'Bea');
    expect(runs).toEqual({ list: 2, 1: 1, 2: 2, 3: 1 });
    expect(list.value?.map(u => u.name)).toEqual(['Ann', 'Bea', 'Cid']);
    expect(rest.requests.length).toBe(requests);
    stops.forEach(s => s());
  });

  it('reconnects with growing delays after the server drops it, then resyncs what changed meanwhile', async () => {
    const { client, stream } = liveClient(connect, { initialDelay: 40, maxDelay: 1000 });
    const view = client.dle(ep.getUser, { id: 1 });
    const stop = effect(() => void view.value);
    await until(() => view.value.data?.name === 'Ann');
    await push.waitForOpen(1);
    await until(() => stream.status.value === 'open');
    const firstAttempts = push.attempts.length;
    push.refuse(2);
    push.dropAll();
    await until(() => stream.status.value === 'reconnecting');
    // a change made while the client is disconnected (its message is lost)
    await fetch(`${rest.url}/users/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"name":"Changed"}' });
    await until(() => stream.status.value === 'open');
    const tries = push.attempts.slice(firstAttempts);
    expect(tries.length).toBe(3);
    const gaps = [tries[1]! - tries[0]!, tries[2]! - tries[1]!];
    // equal jitter: attempt n waits within [step/2, step], step = 40 * 2^n
    expect(gaps[0]).toBeGreaterThanOrEqual(38);
    expect(gaps[1]).toBeGreaterThanOrEqual(78);
    // after the reconnect every result is expired: the watched view refetches and shows the change
    await until(() => view.value.data?.name === 'Changed');
    stop();
  });

  it('destroy() closes the connection and leaves no timer', async () => {
    // the timers StreamManager itself set and that neither fired nor were cleared (the process's
    // other timers, the servers' and this test's, are not counted: they made this flaky)
    const pending = new Set<ReturnType<typeof setTimeout>>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
      // set by StreamManager itself: the first frame outside this wrapper and the spy is its own
      // (the `ws` client's close timer, set while StreamManager closes it, is the transport's)
      const caller = (new Error().stack ?? '').split('\n').slice(1).find(line => !line.includes('StreamManager.test.ts') && !line.includes('@vitest/spy'));
      const mine = caller?.includes('StreamManager.ts') ?? false;
      const handle: ReturnType<typeof setTimeout> = realSet(() => {
        pending.delete(handle);
        fn(...rest);
      }, ms);
      if (mine) pending.add(handle);
      return handle;
    }) as typeof setTimeout);
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((handle?: ReturnType<typeof setTimeout>) => {
      if (handle !== undefined) pending.delete(handle);
      realClear(handle);
    }) as typeof clearTimeout);
    try {
      const { client, stream } = liveClient(connect, { batchMs: 50, healthyAfter: 60_000 });
      await push.waitForOpen(1);
      await until(() => stream.status.value === 'open');
      push.send({ type: 'user', user: { id: 1, name: 'x', count: 0 } });
      // the healthy-period timer and the batch's flush timer are set
      await until(() => pending.size >= 2);
      client.destroy();
      expect(stream.status.value).toBe('closed');
      // every timer the manager started (flush, healthy-period) is cleared with it
      expect(pending.size).toBe(0);
      await until(() => push.open === 0);
      // the batched message was dropped with the client
      await new Promise(r => realSet(r, 80));
      expect(client.controller.get(User, { id: 1 })).toBeUndefined();
    } finally {
      vi.mocked(globalThis.setTimeout).mockRestore();
      vi.mocked(globalThis.clearTimeout).mockRestore();
    }
  });
});

describe('StreamManager', () => {
  it('applies a flood of 10,000 messages in batches: a view re-runs at most once per batch', async () => {
    let batches = 0;
    let inBatch = false;
    const { client, stream } = liveClient(transports.websocket, {
      onMessage(event, controller) {
        if (!inBatch) {
          inBatch = true;
          batches++;
          queueMicrotask(() => (inBatch = false));
        }
        return applyUser(event, controller);
      },
    });
    await client.controller.fetch(ep.getUsers);
    const view = client.cache(ep.getUser, { id: 1 });
    const other = client.cache(ep.getUser, { id: 2 });
    let runs = 0;
    let otherRuns = 0;
    const stops = [effect(() => void (view.value, runs++)), effect(() => void (other.value, otherRuns++))];
    await push.waitForOpen(1);
    await until(() => stream.status.value === 'open');
    const messages = Array.from({ length: 10_000 }, (_, i) => ({ type: 'user', user: { id: 1, name: 'Ann', count: i + 1 } }));
    push.sendMany(messages);
    await until(() => (client.controller.get(User, { id: 1 }) as User).count === 10_000);
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(10_000);
    // one initial run, then at most one per batch
    expect(runs - 1).toBeLessThanOrEqual(batches);
    expect(otherRuns).toBe(1);
    stops.forEach(s => s());
  });

  it('a message that throws or does not fit the schema is reported and loses nothing; the stream goes on', async () => {
    const warn = vi.mocked(console.warn);
    const { client, stream } = liveClient(transports.websocket);
    await client.controller.fetch(ep.getUsers);
    const before = client.controller.getState().entities;
    await push.waitForOpen(1);
    await until(() => stream.status.value === 'open');
    push.send('not json {');
    push.send({ type: 'user', user: { name: 'no id' } });
    await until(() => warn.mock.calls.length >= 2);
    expect(client.controller.getState().entities).toEqual(before);
    push.send('{"type":"user","user":{"id":1,"name":"Ann","count":0,"__proto__":{"polluted":true}}}');
    push.send({ type: 'user', user: { id: 3, name: 'Cyd', count: 1 } });
    await until(() => (client.controller.get(User, { id: 3 }) as User).name === 'Cyd');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(client.controller.get(User, { id: 1 }))).toBe(User.prototype);
    const reported = warn.mock.calls.map(c => String(c[0]));
    expect(reported).toHaveLength(2);
    expect(reported[0]).toMatch(/^\[rest-signals\] stream-handler-threw: StreamManager: onMessage threw/);
    expect(reported[0]).toContain('not json {');
    expect(String(warn.mock.calls[1]![1])).toContain('User');
    warn.mockClear();
  });

  it('onReconnect replaces the default expiry', async () => {
    const onReconnect = vi.fn();
    const { client, stream } = liveClient(transports.websocket, { onReconnect, initialDelay: 10 });
    await client.controller.fetch(ep.getUser, { id: 1 });
    await push.waitForOpen(1);
    await until(() => stream.status.value === 'open');
    expect(onReconnect).not.toHaveBeenCalled();
    push.dropAll();
    await until(() => onReconnect.mock.calls.length === 1);
    expect(onReconnect).toHaveBeenCalledWith(client.controller);
    expect(client.controller.getResponse(ep.getUser, { id: 1 }).expiresAt).toBeGreaterThan(Date.now());
  });

  it('rejects options it cannot use, naming them', () => {
    expect(() => new StreamManager({ connect: 'x' as never, onMessage: () => {} })).toThrow(/option connect/);
    expect(() => new StreamManager({ connect: transports.sse, onMessage: () => {}, maxDelay: -1 })).toThrow(/option maxDelay/);
  });
});
