// Leak spec: watching and unwatching every kind of signal many times leaves no watcher, polling
// timer, request or shared signal behind.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { All, type DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer, User } from './fixtures.js';

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

const tick = (ms = 0) => new Promise(r => setTimeout(r, ms));

describe('client memory', () => {
  it('200 watch/unwatch cycles of every signal kind leave counts at zero', async () => {
    const polled = ep.getUser.extend({ pollFrequency: 15 });
    for (let i = 0; i < 200; i++) {
      const id = (i % 3) + 1;
      const sigs = [
        client.dle(ep.getUser, { id }),
        client.cache(ep.getUsers),
        client.query(new All(User)),
        client.live(polled, { id }),
        client.suspense(ep.getUser, { id }),
        client.dle(ep.getUser, null),
      ];
      const stops = sigs.map(s =>
        effect(() => {
          try {
            void s.value;
          } catch {
            // a suspense view throws its pending promise
          }
        }),
      );
      expect(client.stats().watchedViews).toBe(sigs.length);
      if (i % 20 === 0) await tick(5);
      for (const stop of stops) stop();
      expect(client.stats()).toMatchObject({ watchedViews: 0, subscriptions: 0, timers: 0 });
    }
    await tick(50);
    expect(client.stats().inflight).toBe(0);
    const settled = server.requests.length;
    await tick(60);
    expect(server.requests.length).toBe(settled);
    // only the 3 users plus the list were fetched; repeated views joined or reused them
    expect(client.stats().entities).toBe(3);
  });

  it('signals released by their watchers are not kept in the sharing table', () => {
    const first = client.dle(ep.getUser, { id: 1 });
    const stop = effect(() => void first.value);
    stop();
    const second = client.dle(ep.getUser, { id: 1 });
    expect(second).not.toBe(first);
    const stop2 = effect(() => void second.value);
    expect(client.dle(ep.getUser, { id: 1 })).toBe(second);
    stop2();
  });
});
