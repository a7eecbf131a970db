// Node soak: 1,000 watched views over one client while a seeded mix of every operation (lists,
// pages, reads, creates, updates, moves, deletes, invalidations; optimistic or not) runs against
// the loopback server with faults (500s, malformed replies, delays). Once warm, the heap after GC
// must not grow with the number of operations; after unwatching and destroy() every counter is 0.
// SOAK_OPS (default 800 per phase) makes it longer; from 5,000 the per-1,000 bound applies (a short
// run's heap noise, a few hundred KiB, is larger than a slow leak's growth).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Entity, GCPolicy, createDataClient, resource } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { NONE, settledDataHeap, watchers } from '../leaks/measure.js';
import { SoakRandom } from '../browser/soakRandom.js';

class Item extends Entity {
  id = 0;
  name = '';
  group = 'a';
  static override key = 'Item';
}

const OPS = Number(process.env.SOAK_OPS ?? 800);
const SEED = Number(process.env.SOAK_SEED ?? 4242);
const ITEMS = 200;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

it(`heap per 1,000 operations stays flat with 1,000 watched views (${OPS} operations per phase, seed ${SEED})`, async () => {
  server.resource(
    '/items',
    Array.from({ length: ITEMS }, (_, i) => ({ id: i + 1, name: `n${i + 1}`, group: i % 2 ? 'a' : 'b' })),
    { pageField: 'page', pageSize: 20 },
  );
  const opts = { urlPrefix: server.url, path: '/items/:id', schema: Item, paginationField: 'page', searchParams: {} as { group?: string; page?: number } };
  const plain = resource({ ...opts, optimistic: false });
  const optimistic = resource({ ...opts, optimistic: true });
  // the GC sweeps between phases (as its timer would): what no view watches is released
  const gc = new GCPolicy({ intervalMS: 3_600_000 });
  const client = createDataClient({ gcPolicy: gc });
  const { controller } = client;
  const stops: (() => void)[] = [];
  for (let i = 0; i < 1000; i++) {
    const id = (i % ITEMS) + 1;
    const sig =
      i % 4 === 0 ? client.dle(plain.get, { id }) : i % 4 === 1 ? client.dle(plain.getList, { group: i % 8 === 1 ? 'a' : 'b' }) : i % 4 === 2 ? client.cache(plain.get, { id }) : client.dle(plain.getList);
    stops.push((sig as { subscribe(fn: () => void): () => void }).subscribe(() => {}));
  }
  // a history-free seeded source: fast-check's `infiniteStream` records every value it hands out,
  // so over a soak it would itself be a leak the heap bound sees
  const rng = new SoakRandom(SEED);
  const next = (n: number) => rng.int(n);
  let created = 0;
  const op = async (): Promise<void> => {
    const id = next(ITEMS) + 1;
    const R = next(2) ? optimistic : plain;
    const fault = next(20);
    if (fault === 0) server.next.status(500);
    else if (fault === 1) server.next.malformed();
    else if (fault === 2) server.next.delay(2);
    const run = async (): Promise<unknown> => {
      switch (next(9)) {
        case 0:
          return controller.fetch(plain.getList, next(2) ? { group: 'a' } : {});
        case 1:
          // a fresh read of the member each time, as a "load more" button does
          return controller.fetch(plain.getList.getPage, { page: next(10) + 1 });
        case 2:
          return controller.fetch(plain.get, { id });
        case 3:
          return controller.fetch(R.partialUpdate, { id }, { name: `p${next(1000)}` });
        case 4:
          return controller.fetch(R.update, { id }, { id, name: `u${next(1000)}`, group: next(2) ? 'a' : 'b' });
        case 5:
          return controller.fetch(R.getList.move, { id }, { group: next(2) ? 'a' : 'b' });
        case 6: {
          // create then delete, so the server's size stays put
          const made = (await controller.fetch(R.getList.push, {}, { name: `c${created++}`, group: 'a' })) as Item;
          // a fault is injected for one request: a failed delete is sent again, so the data stays
          // the same size and what the heap shows over a phase is the client's own growth
          return controller.fetch(R.delete, { id: made.id }).catch(() => controller.fetch(plain.delete, { id: made.id }));
        }
        case 7:
          return controller.invalidate(plain.get, { id });
        default:
          return controller.expireAll({ testKey: k => k.includes(`/items/${id}`) });
      }
    };
    await run().catch(() => undefined);
  };
  const phase = async (): Promise<void> => {
    for (let i = 0; i < OPS; i += 4) {
      await Promise.all([op(), op(), op(), op()]);
      // the test server logs every request: not the client's memory
      server.requests.length = 0;
    }
    for (let i = 0; i < 200 && client.stats().inflight > 0; i++) await new Promise(r => setTimeout(r, 10));
    gc.sweep(Date.now() + 3_600_000);
  };
  // warm-up: every page, list and entity has been fetched and every code path compiled
  await phase();
  await phase();
  const warm = await settledDataHeap();
  await phase();
  const after = await settledDataHeap();
  const perThousand = ((after - warm) / OPS) * 1000;
  console.log(`soak: heap ${(warm / 1024).toFixed(0)} KiB warm -> ${(after / 1024).toFixed(0)} KiB after ${OPS} more operations: ${(perThousand / 1024).toFixed(1)} KiB per 1,000 operations`);
  if (OPS >= 5000) expect(perThousand).toBeLessThan(32 * 1024);
  // a short run only catches gross leaks: its heap noise is several hundred KiB
  else expect(after - warm).toBeLessThan(2 * 1024 * 1024);
  for (const s of stops) s();
  expect(watchers(client)).toEqual({ ...NONE });
  client.destroy();
  expect(watchers(client)).toEqual({ ...NONE });
}, 300_000);
