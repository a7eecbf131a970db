import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, type User } from './fixtures.js';

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

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('client.suspense', () => {
  it('read unwatched: throws a promise that settles when the data is in the store, then gives the data', async () => {
    const sig = client.suspense(ep.getUser, { id: 1 });
    const p = thrown(() => sig.value);
    expect(p).toBeInstanceOf(Promise);
    // a second read joins the same request
    expect(thrown(() => sig.value)).toBeInstanceOf(Promise);
    await p;
    expect((sig.value as User).name).toBe('Ann');
    expect(gets('/users/1')).toBe(1);
  });

  it('after an error it throws the error', async () => {
    server.next.status(404);
    const sig = client.suspense(ep.getUser, { id: 9 });
    await thrown(() => sig.value);
    const err = thrown(() => sig.value);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).status).toBe(404);
  });

  it('watched: fetches when first watched, refetches when invalidated', async () => {
    const sig = client.suspense(ep.getUser, { id: 1 });
    const values: unknown[] = [];
    const stop = effect(() => {
      try {
        values.push((sig.value as User).name);
      } catch (e) {
        values.push(e instanceof Promise ? 'pending' : e);
      }
    });
    await vi.waitFor(() => expect(values.at(-1)).toBe('Ann'));
    await client.controller.invalidate(ep.getUser, { id: 1 });
    await vi.waitFor(() => expect(gets('/users/1')).toBe(2));
    await vi.waitFor(() => expect(values.at(-1)).toBe('Ann'));
    expect(values).toContain('pending');
    stop();
  });

  it('stale data is shown while it refetches', async () => {
    // long enough that the refetched reply is still fresh when the view re-reads it on a loaded
    // machine (with 1 ms, crossing a millisecond between write and re-read started a third fetch)
    const short = ep.getUser.extend({ dataExpiryLength: 200 });
    await client.controller.fetch(short, { id: 1 });
    await new Promise(r => setTimeout(r, 220));
    const sig = client.suspense(short, { id: 1 });
    const stop = effect(() => void sig.value);
    expect((sig.value as User).name).toBe('Ann');
    await vi.waitFor(() => expect(gets('/users/1')).toBe(2));
    stop();
  });
});

describe('client.dle', () => {
  it('gives { data, loading, error } and fetches when watched', async () => {
    const sig = client.dle(ep.getUser, { id: 2 });
    const states: { data: unknown; loading: boolean; error: unknown }[] = [];
    const stop = effect(() => void states.push(sig.value));
    expect(states[0]).toEqual({ data: undefined, loading: true, error: undefined });
    await vi.waitFor(() => expect(sig.value.loading).toBe(false));
    expect((sig.value.data as User).name).toBe('Bob');
    expect(sig.value.error).toBeUndefined();
    expect(gets('/users/2')).toBe(1);
    stop();
  });

  it('records the error', async () => {
    server.next.status(404);
    const sig = client.dle(ep.getUser, { id: 8 });
    const stop = effect(() => void sig.value);
    await vi.waitFor(() => expect(sig.value.error).toBeInstanceOf(NetworkError));
    expect(sig.value.loading).toBe(false);
    expect(gets('/users/8')).toBe(1);
    stop();
  });

  it('null means "not yet": nothing is fetched', async () => {
    const sig = client.dle(ep.getUser, null);
    const stop = effect(() => void sig.value);
    expect(sig.value).toEqual({ data: undefined, loading: false, error: undefined });
    await new Promise(r => setTimeout(r, 20));
    expect(server.requests.length).toBe(0);
    stop();
  });
});

describe('client.cache and client.query', () => {
  it('cache never fetches', async () => {
    const sig = client.cache(ep.getUser, { id: 1 });
    const stop = effect(() => void sig.value);
    await new Promise(r => setTimeout(r, 20));
    expect(sig.value).toBeUndefined();
    expect(server.requests.length).toBe(0);
    await client.controller.fetch(ep.getUser, { id: 1 });
    expect((sig.value as User).name).toBe('Ann');
    stop();
  });

  it('query looks an entity up by pk', async () => {
    const sig = client.query(ep.getUser.schema, { id: 3 });
    const stop = effect(() => void sig.value);
    expect(sig.value).toBeUndefined();
    await client.controller.fetch(ep.getUsers);
    expect((sig.value as User).name).toBe('Cid');
    expect(client.query(ep.getUser.schema, null).value).toBeUndefined();
    stop();
  });

  it('equal keys share one signal while watched; released when unwatched', () => {
    const a = client.cache(ep.getUser, { id: 1 });
    const stop = effect(() => void a.value);
    expect(client.cache(ep.getUser, { id: 1 })).toBe(a);
    expect(client.stats().watchedViews).toBe(1);
    stop();
    expect(client.stats().watchedViews).toBe(0);
    expect(client.cache(ep.getUser, { id: 1 })).not.toBe(a);
  });
});

describe('client.live', () => {
  it('polls while watched and stops when the last watcher leaves', async () => {
    const polled = ep.getUser.extend({ pollFrequency: 30 });
    const sig = client.live(polled, { id: 1 });
    const stop1 = effect(() => void sig.value);
    const stop2 = effect(() => void sig.value);
    expect(client.stats().subscriptions).toBe(1);
    await vi.waitFor(() => expect(gets('/users/1')).toBeGreaterThanOrEqual(3));
    stop1();
    expect(client.stats().subscriptions).toBe(1);
    stop2();
    expect(client.stats()).toMatchObject({ subscriptions: 0, timers: 0, watchedViews: 0 });
    await new Promise(r => setTimeout(r, 40));
    const n = gets('/users/1');
    await new Promise(r => setTimeout(r, 100));
    expect(gets('/users/1')).toBe(n);
  });
});

describe('destroy', () => {
  it('aborts what watched views started and stops polling', async () => {
    const hold = server.next.hold();
    const sig = client.live(ep.getUser.extend({ pollFrequency: 20 }), { id: 1 });
    const stop = effect(() => void sig.value);
    await hold.arrived;
    expect(client.stats().inflight).toBe(1);
    client.destroy();
    expect(client.stats()).toMatchObject({ inflight: 0, subscriptions: 0 });
    await hold();
    await new Promise(r => setTimeout(r, 60));
    expect(gets('/users/1')).toBe(1);
    expect(client.controller.getState().entities).toEqual({});
    stop();
  });
});

describe('writes and throwing views', () => {
  it('a write that makes a subscribed suspense view throw still completes', async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    const sig = client.suspense(ep.getUser, { id: 1 });
    const seen: string[] = [];
    const stop = sig.subscribe(v => void seen.push((v as User).name));
    await expect(client.controller.invalidate(ep.getUser, { id: 1 })).resolves.toBeUndefined();
    await vi.waitFor(() => expect(seen).toEqual(['Ann', 'Ann']));
    stop();
  });
});

describe('errorPolicy', () => {
  it("a 'soft' error (5xx) keeps showing the last good data; a hard one (4xx) is thrown", async () => {
    await client.controller.fetch(ep.getUser, { id: 1 });
    server.next.status(503);
    await client.controller.fetch(ep.getUser, { id: 1 }).catch(() => undefined);
    const dle = client.dle(ep.getUser, { id: 1 });
    expect(dle.value.error).toBeUndefined();
    expect((dle.value.data as User).name).toBe('Ann');
    expect((client.suspense(ep.getUser, { id: 1 }).value as User).name).toBe('Ann');
    server.next.status(403);
    await client.controller.fetch(ep.getUser, { id: 1 }).catch(() => undefined);
    expect(client.dle(ep.getUser, { id: 1 }).value.error).toBeInstanceOf(NetworkError);
    expect(thrown(() => client.suspense(ep.getUser, { id: 1 }).value)).toBeInstanceOf(NetworkError);
  });
});

describe('resetEntireStore', () => {
  it('watched views refetch after a reset', async () => {
    const sig = client.dle(ep.getUser, { id: 1 });
    const stop = effect(() => void sig.value);
    await vi.waitFor(() => expect(sig.value.data).toBeDefined());
    await client.controller.resetEntireStore();
    expect(sig.value.data).toBeUndefined();
    await vi.waitFor(() => expect((sig.value.data as User | undefined)?.name).toBe('Ann'));
    expect(gets('/users/1')).toBe(2);
    stop();
  });
});

describe('client.suspense and expired errors', () => {
  it('once the error has expired, a new read refetches instead of throwing it', async () => {
    // 150 ms, so the error is still fresh when read right away on a loaded machine
    const flaky = ep.getUser.extend({ errorExpiryLength: 150 });
    server.next.status(404);
    await client.controller.fetch(flaky, { id: 1 }).catch(() => undefined);
    expect(thrown(() => client.suspense(flaky, { id: 1 }).value)).toBeInstanceOf(NetworkError);
    await new Promise(r => setTimeout(r, 170));
    const p = thrown(() => client.suspense(flaky, { id: 1 }).value);
    expect(p).toBeInstanceOf(Promise);
    await p;
    expect((client.suspense(flaky, { id: 1 }).value as User).name).toBe('Ann');
    expect(gets('/users/1')).toBe(2);
  });
});
