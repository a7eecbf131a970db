// Controller semantics that data-client users rely on: snapshots do not move, pages go only to
// their own list, `__proto__` arguments name a list like any other key, and methods destructure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, Entity, resource, type DataClient } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

class Task extends Entity {
  id = 0;
  group = '';
  title = '';
  completed = false;
}

let server: TestServer;
let client: DataClient;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  server.resource(
    '/groups/:group/tasks',
    [
      { id: 1, group: 'a', title: 'one', completed: false },
      { id: 2, group: 'a', title: 'two', completed: true },
      { id: 3, group: 'a', title: 'three', completed: false },
      { id: 4, group: 'a', title: 'four', completed: true },
    ],
    { pageField: 'page', pageSize: 1 },
  );
  client = createDataClient();
  return () => client.destroy();
});
afterAll(() => server.close());

const Tasks = () => resource({ urlPrefix: server.url, path: '/groups/:group/tasks/:id', schema: Task, paginationField: 'page' });
const ids = (list: readonly Task[] | undefined) => list?.map(t => t.id);

describe('controller.snapshot()', () => {
  it('keeps showing the store as it was when taken, after later writes', async () => {
    const R = Tasks();
    const { controller } = client;
    await controller.fetch(R.get, { group: 'a', id: 1 });
    await controller.fetch(R.getList, { group: 'a', completed: true });
    const snap = controller.snapshot();
    await controller.fetch(R.partialUpdate, { group: 'a', id: 1 }, { title: 'renamed' });
    await controller.fetch(R.getList.push, { group: 'a' }, { title: 'five', completed: true });
    await controller.invalidate(R.get, { group: 'a', id: 1 });
    // the live store moved on...
    expect(controller.get(Task, { id: 1 })?.title).toBe('renamed');
    expect(ids(controller.getResponse(R.getList, { group: 'a', completed: true }).data)).toHaveLength(3);
    // ...the snapshot did not
    expect((snap.get(Task, { id: 1 }) as Task).title).toBe('one');
    expect(ids(snap.getResponse(R.getList, { group: 'a', completed: true }).data as Task[])).toEqual([2, 4]);
    expect((snap.getResponse(R.get, { group: 'a', id: 1 }).data as Task).title).toBe('one');
  });
});

describe('getList.getPage', () => {
  it('appends only to the list selected by the same non-page arguments, never to the unfiltered one', async () => {
    const R = Tasks();
    const { controller } = client;
    // first pages as a server answering without a page argument would give them
    await controller.setResponse(R.getList, { group: 'a' }, [{ id: 1, group: 'a', title: 'one', completed: false }]);
    await controller.setResponse(R.getList, { group: 'a', completed: true }, [{ id: 2, group: 'a', title: 'two', completed: true }]);
    expect(ids(controller.getResponse(R.getList, { group: 'a', completed: true }).data)).toEqual([2]);
    await controller.fetch(R.getList.getPage, { group: 'a', completed: true, page: 2 });
    expect(ids(controller.getResponse(R.getList, { group: 'a', completed: true }).data)).toEqual([2, 4]);
    expect(ids(controller.getResponse(R.getList, { group: 'a' }).data)).toEqual([1]);
    // paginated(field) is the same as getPage for another cursor name
    const next = R.getList.paginated('page');
    expect(next.name).toBe('Task.getList.getPage');
  });
});

describe('getList.push with a __proto__ argument', () => {
  it('adds to the list fetched with those same arguments', async () => {
    const R = Tasks();
    const { controller } = client;
    const args = JSON.parse('{"group":"a","__proto__":"x"}') as { group: string };
    expect(Object.prototype.hasOwnProperty.call(args, '__proto__')).toBe(true);
    await controller.fetch(R.getList, args);
    const before = ids(controller.getResponse(R.getList, args).data) ?? [];
    const created = await controller.fetch(R.getList.push, args, { title: 'new', completed: false });
    expect(ids(controller.getResponse(R.getList, args).data)).toEqual([...before, created.id]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('destructured controller methods', () => {
  it('work without their object, as useController() users destructure them', async () => {
    const R = Tasks();
    const { fetch, invalidate, getResponse, get, snapshot, setResponse } = client.controller;
    const task = await fetch(R.get, { group: 'a', id: 2 });
    expect(task.title).toBe('two');
    expect(get(Task, { id: 2 })?.title).toBe('two');
    expect(snapshot().get(Task, { id: 2 })).toBeDefined();
    await setResponse(R.get, { group: 'a', id: 2 }, { id: 2, group: 'a', title: 'set', completed: true });
    expect(getResponse(R.get, { group: 'a', id: 2 }).data?.title).toBe('set');
    await invalidate(R.get, { group: 'a', id: 2 });
    expect(getResponse(R.get, { group: 'a', id: 2 }).data).toBeUndefined();
  });
});
