// Bug 3: no list holds the same entity twice, whatever order the replies of a create and a list
// refetch arrive in (push, unshift), and after pages and moves.
import { afterEach, expect, it } from 'vitest';
import { Entity, resource } from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';
import { makeClient, seedUsers } from '../../client/fixtures.js';
import { makeUsers } from '../harness.js';

let server: TestServer;
afterEach(() => server.close());

const ids = (v: unknown) => ((v ?? []) as { id: number }[]).map(u => u.id);

it.each(['push', 'unshift'] as const)('an older getList.%s reply does not duplicate a row listed by a newer GET', async which => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  const client = makeClient();
  const R = makeUsers(server.url, false);
  await client.controller.fetch(R.getList);
  const hold = server.next.hold();
  const created = client.controller.fetch(R.getList[which], { name: 'New' });
  await hold.arrived;
  // the list leaves after the POST reached the server: it already lists the new user
  await client.controller.fetch(R.getList);
  expect(ids(client.controller.getResponse(R.getList).data)).toEqual([1, 2, 3, 4]);
  await hold();
  await created;
  const shown = ids(client.controller.getResponse(R.getList).data);
  expect(new Set(shown).size).toBe(shown.length);
  expect([...shown].sort()).toEqual([1, 2, 3, 4]);
  client.destroy();
});

it('a move into a list that already holds the entity does not list it twice', async () => {
  server = await createTestServer();
  class Task extends Entity {
    id = 0;
    title = '';
    status = 'open';
    static override key = 'Task';
  }
  server.resource('/tasks', [
    { id: 1, title: 'a', status: 'open' },
    { id: 2, title: 'b', status: 'done' },
  ]);
  const T = resource({ urlPrefix: server.url, path: '/tasks/:id', schema: Task, searchParams: {} as { status: string } });
  const client = makeClient();
  await client.controller.fetch(T.getList, { status: 'done' });
  await client.controller.fetch(T.getList, { status: 'open' });
  // the server already moved 1 to 'done' and the done list was refetched; the move's reply lands after
  server.resource('/tasks', [
    { id: 1, title: 'a', status: 'done' },
    { id: 2, title: 'b', status: 'done' },
  ]);
  await client.controller.fetch(T.getList, { status: 'done' });
  await client.controller.fetch(T.getList.move, { id: 1 }, { status: 'done' });
  const done = ids(client.controller.getResponse(T.getList, { status: 'done' }).data);
  expect(new Set(done).size).toBe(done.length);
  expect([...done].sort()).toEqual([1, 2]);
  client.destroy();
});
