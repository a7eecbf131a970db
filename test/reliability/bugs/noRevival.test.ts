// Bug 8: a deleted entity never comes back to life. A view of get({ id }) is still watched when
// the delete is dispatched; any GET of that entity whose reply lands after the delete's must not
// revive it (its request left before the DELETE), and data hidden only by an optimistic delete is
// not refetched at all.
import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCell, serverTable, settle, storeTable, type Cell, User } from '../harness.js';

let cell: Cell;
afterEach(() => cell.close());

const listIds = () => ((cell.client.controller.getResponse(cell.R.getList).data ?? []) as User[]).map(u => u.id);

/** Watches get({ id: 2 }) and delays every reply of GET /users/:id past the DELETE's. */
function watchTwoSlowly(): () => void {
  const stop = cell.client.dle(cell.R.get, { id: 2 }).subscribe(() => {});
  cell.server.when('GET', '/users/:id', { times: 100 }).delay(120);
  return stop;
}

async function quiesce(): Promise<void> {
  await settle(400);
  const end = Date.now() + 3000;
  while (cell.client.stats().inflight > 0 && Date.now() < end) await settle(20);
}

describe.each([true, false])('optimistic: %s', optimistic => {
  beforeEach(async () => {
    cell = await openCell(optimistic);
    await cell.client.controller.fetch(cell.R.get, { id: 2 });
    cell.server.requests.length = 0;
  });

  it('a delete while get({ id }) is watched never brings the entity back', async () => {
    const stop = watchTwoSlowly();
    await cell.client.controller.fetch(cell.R.delete, { id: 2 });
    await quiesce();
    expect(listIds()).toEqual([1, 3]);
    expect(cell.client.controller.get(User, { id: 2 })).toBeUndefined();
    expect(storeTable(cell.committed())).toEqual(serverTable(cell.users));
    // an entity hidden only by the optimistic layer was not refetched before the DELETE left
    if (optimistic) expect(cell.server.requests[0]?.method).toBe('DELETE');
    stop();
  });

  it('a GET that left before the DELETE (after controller.invalidate) and replies after it does not revive', async () => {
    const stop = watchTwoSlowly();
    await cell.client.controller.invalidate(cell.R.get, { id: 2 });
    await cell.server.waitForRequests(1);
    expect(cell.server.requests[0]!.method).toBe('GET');
    await cell.client.controller.fetch(cell.R.delete, { id: 2 });
    await quiesce();
    expect(listIds()).toEqual([1, 3]);
    expect(cell.client.controller.get(User, { id: 2 })).toBeUndefined();
    stop();
  });

  it('a delete that fails rolls back to the server state, and nothing else changes', async () => {
    const stop = watchTwoSlowly();
    cell.server.when('DELETE', '/users/:id', { times: 1 }).status(500);
    await expect(cell.client.controller.fetch(cell.R.delete, { id: 2 })).rejects.toThrow(/500/);
    await quiesce();
    expect(listIds()).toEqual([1, 2, 3]);
    expect(cell.client.controller.get(User, { id: 2 })).toMatchObject({ id: 2, name: 'Bob' });
    expect(cell.layers()).toBe(0);
    stop();
  });
});

describe('dates follow the order requests leave', () => {
  beforeEach(async () => {
    cell = await openCell(true);
    await cell.client.controller.fetch(cell.R.get, { id: 2 });
    cell.server.requests.length = 0;
  });

  it('a GET started by a view reacting to an optimistic delete (so sent before the DELETE) never revives the entity', async () => {
    const { client } = cell;
    // a view that refetches the entity as soon as it disappears, as a detail view does when invalid
    let fired = false;
    const stop = effect(() => {
      const shown = client.query(User, { id: 2 }).value;
      if (shown === undefined && !fired) {
        fired = true;
        void client.controller.fetch(cell.R.get, { id: 2 }).catch(() => {});
      }
    });
    cell.server.when('GET', '/users/:id', { times: 1 }).delay(150);
    await client.controller.fetch(cell.R.delete, { id: 2 });
    await quiesce();
    expect(fired).toBe(true);
    expect(cell.server.requests.map(r => r.method)).toEqual(['GET', 'DELETE']);
    expect(client.controller.get(User, { id: 2 })).toBeUndefined();
    expect(listIds()).toEqual([1, 3]);
    stop();
  });
});
