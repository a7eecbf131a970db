// Requests issued within the same millisecond still have an order: a reply to the earlier one that
// lands last must not overwrite the reply to the later one. Date.now() is pinned to one value so the
// two requests share a start time, as they do on a fast machine or in a batch of writes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCell, type Cell, User } from './harness.js';

let cell: Cell;
afterEach(async () => {
  vi.restoreAllMocks();
  await cell.close();
});

describe.each([false, true])('two writes in one millisecond, replies reversed (optimistic: %s)', optimistic => {
  beforeEach(async () => {
    cell = await openCell(optimistic);
  });

  it('PATCH: the later request wins', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const hold = cell.server.next.hold();
    const first = cell.client.controller.fetch(cell.R.partialUpdate, { id: 1 }, { name: 'first' });
    await hold.arrived;
    await cell.client.controller.fetch(cell.R.partialUpdate, { id: 1 }, { name: 'second' });
    await hold();
    await first;
    expect(cell.users.get(1)!.name).toBe('second');
    expect((cell.client.controller.get(User, { id: 1 }) as User).name).toBe('second');
  });

  it('GET after PATCH: an older GET reply does not undo a newer write', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const hold = cell.server.next.hold();
    const read = cell.client.controller.fetch(cell.R.getList);
    await hold.arrived;
    await cell.client.controller.fetch(cell.R.partialUpdate, { id: 1 }, { name: 'written' });
    await hold();
    await read;
    expect((cell.client.controller.get(User, { id: 1 }) as User).name).toBe('written');
  });
});
