// `getList.push(body)` when the list's search parameters are all optional: the type allows one
// argument (types2.test-d.ts); here, such a call POSTs that body to the list path and adds the
// created entity to the list fetched without arguments; a filtered list gets it only when the
// entity matches its filter (as data-client's Collection decides).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, Entity, resource, type DataClient } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

class Task extends Entity {
  id = 0;
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
  server.resource('/tasks', [
    { id: 1, title: 'one', completed: false },
    { id: 2, title: 'two', completed: true },
  ]);
  client = createDataClient();
  return () => client.destroy();
});
afterAll(() => server.close());

describe('getList.push(body) with optional searchParams', () => {
  it('POSTs the body to the list path and appends to the lists whose filter it matches', async () => {
    const Tasks = resource({
      urlPrefix: server.url,
      path: '/tasks/:id',
      schema: Task,
      searchParams: {} as { completed?: boolean },
    });
    const { controller } = client;
    await controller.fetch(Tasks.getList);
    await controller.fetch(Tasks.getList, { completed: true });

    const created = await controller.fetch(Tasks.getList.push, { title: 'three', completed: false });

    expect(server.lastRequest?.method).toBe('POST');
    expect(server.lastRequest?.path).toBe('/tasks');
    expect(server.lastRequest?.json).toEqual({ title: 'three', completed: false });
    expect(created).toMatchObject({ title: 'three', completed: false });
    const all = client.query(Tasks.getList.schema, {}).value;
    expect(all?.map(t => t.title)).toEqual(['one', 'two', 'three']);
    const done = client.query(Tasks.getList.schema, { completed: true }).value;
    expect(done?.map(t => t.title)).toEqual(['two']);
  });
});
