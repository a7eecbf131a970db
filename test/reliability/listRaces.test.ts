// Races between a list GET and writes to the same list: an older list reply that lands after a
// newer create or delete must not undo it (the newer write started later, so it wins).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCell, type Cell, User } from './harness.js';

let cell: Cell;
afterEach(() => cell.close());

const listIds = () => ((cell.client.controller.getResponse(cell.R.getList).data ?? []) as User[]).map(u => u.id);

describe.each([false, true])('list reply older than a write (optimistic: %s)', optimistic => {
  beforeEach(async () => {
    cell = await openCell(optimistic);
  });

  it('a create that lands before an older list reply stays in the list', async () => {
    const hold = cell.server.next.hold();
    const list = cell.client.controller.fetch(cell.R.getList);
    await hold.arrived;
    await cell.client.controller.fetch(cell.R.getList.push, { name: 'New' });
    await hold();
    await list;
    expect(cell.users.list().map(u => u.id)).toEqual([1, 2, 3, 4]);
    expect(listIds()).toEqual([1, 2, 3, 4]);
  });

  it('a delete that lands before an older list reply stays deleted', async () => {
    const hold = cell.server.next.hold();
    const list = cell.client.controller.fetch(cell.R.getList);
    await hold.arrived;
    await cell.client.controller.fetch(cell.R.delete, { id: 2 });
    await hold();
    await list;
    expect(listIds()).toEqual([1, 3]);
    expect(cell.client.controller.get(User, { id: 2 })).toBeUndefined();
  });

  it('an update that lands before an older list reply keeps its values', async () => {
    const hold = cell.server.next.hold();
    const list = cell.client.controller.fetch(cell.R.getList);
    await hold.arrived;
    await cell.client.controller.fetch(cell.R.partialUpdate, { id: 2 }, { name: 'Renamed' });
    await hold();
    await list;
    expect((cell.client.controller.get(User, { id: 2 }) as User).name).toBe('Renamed');
  });
});
