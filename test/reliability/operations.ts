// The six requests of the fault matrix: what each sends, what success looks like, and how two of
// them race when their replies arrive out of order.
import { expect } from 'vitest';
import { SchemaError } from '../../src/core/index.js';
import type { Cell } from './harness.js';
import { serverTable, storeTable, User } from './harness.js';

type AnyEndpoint = { extend(o: { signal: AbortSignal }): AnyEndpoint };

export interface Operation {
  readonly name: string;
  readonly method: string;
  /** The path the request goes to (for error messages). */
  readonly path: string;
  /** Sends the request through the controller; `signal` is the caller's AbortSignal. */
  run(cell: Cell, signal?: AbortSignal): Promise<unknown>;
  /** Checks the caller's value and the store after a successful reply. */
  expectSuccess(cell: Cell, value: unknown): void;
  /**
   * Checks the outcome of a 2xx reply with no body (204): `error` is what the caller got (a
   * rejection), `value` what it resolved to otherwise.
   */
  expectEmpty(cell: Cell, outcome: { value?: unknown; error?: Error }): void;
  /** Sends two requests whose replies arrive in the opposite order; the store must end as the server. */
  outOfOrder(cell: Cell): Promise<void>;
}

const withSignal = <E>(endpoint: E, signal: AbortSignal | undefined): E =>
  signal ? ((endpoint as unknown as AnyEndpoint).extend({ signal }) as unknown as E) : endpoint;

/** The store holds the server's items (with the entity's defaults for fields the server left out). */
function expectStoreIsServer(cell: Cell): void {
  const server = serverTable(cell.users);
  const store = storeTable(cell.committed());
  expect(Object.keys(store).sort()).toEqual(Object.keys(server).sort());
  for (const [pk, item] of Object.entries(server)) {
    expect(store[pk]).toMatchObject(item as object);
    // what users see (pending layers included) equals it too
    expect(cell.client.controller.get(User, { id: pk })).toMatchObject(item as object);
  }
}

function listIds(cell: Cell): number[] {
  const data = cell.client.controller.getResponse(cell.R.getList).data as User[] | undefined;
  return (data ?? []).map(u => u.id);
}

/** A second request whose reply arrives first, while `first` (held) still waits. */
async function race(cell: Cell, first: () => Promise<unknown>, second: () => Promise<unknown>): Promise<void> {
  const hold = cell.server.next.hold();
  const a = first();
  await hold.arrived;
  await second();
  await hold();
  await a;
}

/**
 * No body where the schema describes an entity: the reply does not fit (as in data-client), so
 * the caller gets a SchemaError naming the entity, and the store keeps what it had (it cannot
 * learn what the server did; an optimistic update rolls back).
 */
function expectUnfitEmpty(cell: Cell, { error }: { value?: unknown; error?: Error }): void {
  expect(SchemaError.is(error), String(error)).toBe(true);
  expect(error!.message).toMatch(/User.*empty reply/);
  expect(cell.committed()).toEqual(cell.before);
}

export const operations: readonly Operation[] = [
  {
    name: 'GET',
    method: 'GET',
    path: '/users/1',
    run: (c, signal) => c.client.controller.fetch(withSignal(c.R.get, signal), { id: 1 }),
    expectSuccess(c, value) {
      expect(value).toBeInstanceOf(User);
      expect((value as User).name).toBe('Ann');
      expectStoreIsServer(c);
    },
    expectEmpty: expectUnfitEmpty,
    async outOfOrder(c) {
      // the older GET /users/1 reply (Ann) lands after a newer list reply (Zed)
      await race(
        c,
        () => c.client.controller.fetch(c.R.get, { id: 1 }),
        () => {
          c.users.get(1)!.name = 'Zed';
          return c.client.controller.fetch(c.R.getList);
        },
      );
      expectStoreIsServer(c);
      expect((c.client.controller.get(User, { id: 1 }) as User).name).toBe('Zed');
    },
  },
  {
    name: 'create',
    method: 'POST',
    path: '/users',
    run: (c, signal) => c.client.controller.fetch(withSignal(c.R.getList.push, signal), { name: 'New' }),
    expectSuccess(c, value) {
      expect(value).toBeInstanceOf(User);
      expect(value).toMatchObject({ id: 4, name: 'New' });
      expectStoreIsServer(c);
      expect(listIds(c)).toEqual([1, 2, 3, 4]);
    },
    expectEmpty: expectUnfitEmpty,
    async outOfOrder(c) {
      await race(
        c,
        () => c.client.controller.fetch(c.R.getList.push, { name: 'First' }),
        () => c.client.controller.fetch(c.R.getList.push, { name: 'Second' }),
      );
      expectStoreIsServer(c);
      // each created item is appended when its reply lands: reply order, not creation order
      expect([...listIds(c)].sort()).toEqual([1, 2, 3, 4, 5]);
    },
  },
  {
    name: 'update',
    method: 'PUT',
    path: '/users/1',
    run: (c, signal) => c.client.controller.fetch(withSignal(c.R.update, signal), { id: 1 }, { name: 'Put', count: 5 }),
    expectSuccess(c, value) {
      expect(value).toMatchObject({ id: 1, name: 'Put', count: 5 });
      expectStoreIsServer(c);
    },
    expectEmpty: expectUnfitEmpty,
    async outOfOrder(c) {
      await race(
        c,
        () => c.client.controller.fetch(c.R.update, { id: 1 }, { name: 'A1', count: 1 }),
        () => c.client.controller.fetch(c.R.update, { id: 1 }, { name: 'A2', count: 2 }),
      );
      expectStoreIsServer(c);
      expect((c.client.controller.get(User, { id: 1 }) as User).name).toBe('A2');
    },
  },
  {
    name: 'partialUpdate',
    method: 'PATCH',
    path: '/users/1',
    run: (c, signal) => c.client.controller.fetch(withSignal(c.R.partialUpdate, signal), { id: 1 }, { name: 'Patched' }),
    expectSuccess(c, value) {
      expect(value).toMatchObject({ id: 1, name: 'Patched', count: 0 });
      expectStoreIsServer(c);
    },
    expectEmpty: expectUnfitEmpty,
    async outOfOrder(c) {
      await race(
        c,
        () => c.client.controller.fetch(c.R.partialUpdate, { id: 1 }, { name: 'P1' }),
        () => c.client.controller.fetch(c.R.partialUpdate, { id: 1 }, { name: 'P2' }),
      );
      expectStoreIsServer(c);
      expect((c.client.controller.get(User, { id: 1 }) as User).name).toBe('P2');
    },
  },
  {
    name: 'getList.move',
    method: 'PATCH',
    path: '/users/1',
    run: (c, signal) => c.client.controller.fetch(withSignal(c.R.getList.move, signal), { id: 1 }, { name: 'Moved' }),
    expectSuccess(c, value) {
      expect(value).toMatchObject({ id: 1, name: 'Moved', count: 0 });
      expectStoreIsServer(c);
      // the unfiltered list matches the old and the new values: the item stays, once
      expect(listIds(c)).toEqual([1, 2, 3]);
    },
    expectEmpty: expectUnfitEmpty,
    async outOfOrder(c) {
      await race(
        c,
        () => c.client.controller.fetch(c.R.getList.move, { id: 1 }, { name: 'M1' }),
        () => c.client.controller.fetch(c.R.getList.move, { id: 1 }, { name: 'M2' }),
      );
      expectStoreIsServer(c);
      expect((c.client.controller.get(User, { id: 1 }) as User).name).toBe('M2');
      expect(listIds(c)).toEqual([1, 2, 3]);
    },
  },
  {
    name: 'delete',
    method: 'DELETE',
    path: '/users/1',
    run: (c, signal) => c.client.controller.fetch(withSignal(c.R.delete, signal), { id: 1 }),
    expectSuccess(c) {
      expectStoreIsServer(c);
      expect(c.client.controller.get(User, { id: 1 })).toBeUndefined();
      expect(listIds(c)).toEqual([2, 3]);
    },
    expectEmpty(c, { error }) {
      expect(error).toBeUndefined();
      // a 204 is the usual delete reply: the path arguments name the removed entity
      expectStoreIsServer(c);
      expect(listIds(c)).toEqual([2, 3]);
    },
    async outOfOrder(c) {
      await race(
        c,
        () => c.client.controller.fetch(c.R.delete, { id: 1 }),
        () => c.client.controller.fetch(c.R.delete, { id: 2 }),
      );
      expectStoreIsServer(c);
      expect(listIds(c)).toEqual([3]);
    },
  },
];
