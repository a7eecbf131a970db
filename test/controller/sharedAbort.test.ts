// A GET is shared by every caller that joins it; one caller's signal ends only that caller's wait.
// The request is aborted only when every caller that joined it aborted (and no view or plain
// caller joined), and a view never stays loading with nothing in flight.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, type User } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  client = makeClient();
  ep = api(server.url);
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

const userRequests = () => server.requests.filter(r => r.path === '/users/1').length;

/** Waits until `read()` is true, checking on each macrotask (at most `ms`). */
async function until(read: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!read()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise(r => setTimeout(r, 5));
  }
}

describe('a shared GET and its callers’ signals', () => {
  it('a dle view that joined a request a cancelling caller started gets the reply after that caller aborts', async () => {
    const hold = server.next.hold();
    const ac = new AbortController();
    const cancelling = client.controller.fetch(ep.getUser.extend({ signal: ac.signal }), { id: 1 });
    await hold.arrived;
    const view = client.dle(ep.getUser, { id: 1 });
    const seen: boolean[] = [];
    const stop = effect(() => void seen.push(view.value.loading));
    expect(view.value.loading).toBe(true);
    ac.abort();
    await expect(cancelling).rejects.toMatchObject({ name: 'AbortError' });
    // the request goes on: the view joined it
    expect(client.stats().inflight).toBe(1);
    await hold();
    await until(() => !view.value.loading);
    expect((view.value.data as User).name).toBe('Ann');
    expect(view.value.error).toBeUndefined();
    expect(userRequests()).toBe(1);
    stop();
  });

  it('a suspense view that joined it is not left suspended either', async () => {
    const hold = server.next.hold();
    const ac = new AbortController();
    const cancelling = client.controller.fetch(ep.getUser.extend({ signal: ac.signal }), { id: 1 });
    await hold.arrived;
    const view = client.suspense(ep.getUser, { id: 1 });
    let thrown: unknown;
    const stop = effect(() => {
      try {
        void view.value;
        thrown = undefined;
      } catch (e) {
        thrown = e;
      }
    });
    expect(thrown).toBeInstanceOf(Promise);
    ac.abort();
    await cancelling.catch(() => {});
    await hold();
    await thrown;
    await until(() => thrown === undefined);
    expect((view.value as User).name).toBe('Ann');
    expect(userRequests()).toBe(1);
    stop();
  });

  it('a caller with a signal that joins a view’s request and aborts does not abort it', async () => {
    const hold = server.next.hold();
    const view = client.dle(ep.getUser, { id: 1 });
    const stop = effect(() => void view.value);
    await hold.arrived;
    const ac = new AbortController();
    const joined = client.controller.fetch(ep.getUser.extend({ signal: ac.signal }), { id: 1 });
    ac.abort();
    await expect(joined).rejects.toMatchObject({ name: 'AbortError' });
    await hold();
    await until(() => !view.value.loading);
    expect((view.value.data as User).name).toBe('Ann');
    expect(userRequests()).toBe(1);
    stop();
  });

  it('the request is aborted once every caller that joined it aborted, and writes nothing', async () => {
    const hold = server.next.hold();
    const a = new AbortController();
    const b = new AbortController();
    const first = client.controller.fetch(ep.getUser.extend({ signal: a.signal }), { id: 1 });
    await hold.arrived;
    const second = client.controller.fetch(ep.getUser.extend({ signal: b.signal }), { id: 1 });
    a.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.stats().inflight).toBe(1);
    b.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await until(() => client.stats().inflight === 0);
    await hold();
    expect(client.controller.getState().entities).toEqual({});
    expect(client.controller.getError(ep.getUser, { id: 1 })).toBeUndefined();
  });

  it('a plain caller that joined keeps the request when the signalled one aborts', async () => {
    const hold = server.next.hold();
    const ac = new AbortController();
    const cancelling = client.controller.fetch(ep.getUser.extend({ signal: ac.signal }), { id: 1 });
    await hold.arrived;
    const plain = client.controller.fetch(ep.getUser, { id: 1 });
    ac.abort();
    await expect(cancelling).rejects.toMatchObject({ name: 'AbortError' });
    await hold();
    expect((await plain as User).name).toBe('Ann');
  });

  it('a view watched after the only caller aborted starts a request of its own', async () => {
    const hold = server.next.hold();
    const ac = new AbortController();
    const cancelling = client.controller.fetch(ep.getUser.extend({ signal: ac.signal }), { id: 1 });
    await hold.arrived;
    ac.abort();
    await cancelling.catch(() => {});
    await until(() => client.stats().inflight === 0);
    const view = client.dle(ep.getUser, { id: 1 });
    const stop = effect(() => void view.value);
    await until(() => !view.value.loading);
    expect((view.value.data as User).name).toBe('Ann');
    await hold();
    stop();
  });
});
