// Views over 20 000 distinct keys (data present, and keys never fetched) mounted and unmounted:
// the cells they created are released by one GC sweep, and the heap returns to where it started
// (within 10%). Nothing is left watched.
import { expect, it } from 'vitest';
import { createDataClient, GCPolicy, resource } from '../../src/core/index.js';
import { User } from '../client/fixtures.js';
import { mb, NONE, settledHeap, watchers } from './measure.js';

const KEYS = 20_000;

it(`${KEYS} distinct views: a sweep releases every cell, heap back within 10%`, async () => {
  const gc = new GCPolicy({ intervalMS: 3_600_000 });
  const client = createDataClient({ gcPolicy: gc });
  // never contacted: every view here reads data already in the store, or only the cache
  const Users = resource({ urlPrefix: 'http://127.0.0.1:9', path: '/users/:id', schema: User });
  const round = async (offset: number) => {
    for (let i = 0; i < KEYS; i++) {
      const id = offset + i;
      await client.controller.setResponse(Users.get, { id }, { id, name: `user ${id}`, count: i });
      const stops = [client.dle(Users.get, { id }), client.cache(Users.get, { id: `missing ${id}` })].map(s => s.subscribe(() => {}));
      for (const stop of stops) stop();
    }
    expect(watchers(client)).toEqual(NONE);
    const released = gc.sweep(Date.now() + 24 * 3_600_000);
    expect(released.entities).toBeGreaterThanOrEqual(KEYS);
    expect(client.stats()).toMatchObject({ entities: 0, results: 0 });
  };
  await round(0);
  const start = await settledHeap();
  await round(KEYS);
  await round(2 * KEYS);
  const end = await settledHeap();
  expect(end, `heap ${mb(start)} → ${mb(end)}`).toBeLessThanOrEqual(start * 1.1);
  client.destroy();
}, 60_000);
