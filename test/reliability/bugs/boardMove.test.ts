// Board columns are lists filtered by status; `getList.move` takes a card from one column to
// another. Whatever else wrote the task first (a live stream's `controller.set` of the echoed
// move, a newer refetch of a column, out-of-order replies), once replies settle each card sits in
// exactly the column of its status, as the server says.
import { afterEach, expect, it } from 'vitest';
import { Collection, Entity, resource, Values } from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';
import { makeClient } from '../../client/fixtures.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

class Task extends Entity {
  id = 0;
  title = '';
  status = 'todo';
  static override key = 'Task';
}

const ids = (v: unknown) => ((v ?? []) as { id: number }[]).map(t => t.id);
const seed = () => [
  { id: 1, title: 'a', status: 'todo' },
  { id: 2, title: 'b', status: 'todo' },
  { id: 3, title: 'c', status: 'done' },
];

async function board(optimistic: boolean) {
  const s = (server = await createTestServer());
  const tasks = s.resource('/tasks', seed());
  const T = resource({ urlPrefix: s.url, path: '/tasks/:id', schema: Task, searchParams: {} as { status: string }, optimistic });
  const client = makeClient();
  const watched = ['todo', 'done'].map(status => client.dle(T.getList, { status }).subscribe(() => {}));
  await client.controller.fetch(T.getList, { status: 'todo' });
  await client.controller.fetch(T.getList, { status: 'done' });
  const column = (status: string) => ids(client.controller.getResponse(T.getList, { status }).data);
  const close = () => {
    for (const stop of watched) stop();
    client.destroy();
  };
  return { server: s, tasks, T, client, column, close };
}

it.each([true, false])('a move whose task was already written with its new status (live echo) still moves the card (optimistic %s)', async optimistic => {
  const { server, T, client, column, close } = await board(optimistic);
  const hold = server.next.hold();
  const moved = client.controller.fetch(T.getList.move, { id: 1 }, { status: 'done' });
  await hold.arrived;
  // the stream echoes the move before this tab has the PATCH's reply: a plain write of the task
  await client.controller.set(Task, { id: 1 }, { id: 1, title: 'a', status: 'done' });
  await hold();
  await moved;
  expect(client.controller.get(Task, { id: 1 })).toMatchObject({ status: 'done' });
  expect(column('todo')).toEqual([2]);
  expect(column('done')).toEqual([3, 1]);
  close();
});

it.each([true, false])('a move reply older than a refetch of its old column still leaves that column intact but for the card (optimistic %s)', async optimistic => {
  const { server, T, client, column, close } = await board(optimistic);
  const hold = server.next.hold();
  const moved = client.controller.fetch(T.getList.move, { id: 1 }, { status: 'done' });
  await hold.arrived;
  // both columns refetched while the PATCH waits (the server has not applied it yet)
  await client.controller.fetch(T.getList, { status: 'todo' });
  await client.controller.fetch(T.getList, { status: 'done' });
  await hold();
  await moved;
  expect(column('todo')).toEqual([2]);
  expect(column('done').sort()).toEqual([1, 3]);
  close();
});

it('a removal merged from a request older than the stored list takes its items out of that list', () => {
  const list = new Collection([Task]);
  const newer = { date: 2, fetchedAt: 2, expiresAt: 60_000 };
  const older = { date: 1, fetchedAt: 1, expiresAt: 60_000 };
  expect(list.remove.mergeWithStore(newer, older, ['1', '2'], ['1'])).toEqual(['2']);
  expect(list.remove.mergeWithStore(newer, older, ['2'], ['1'])).toEqual(['2']);
  const byKey = new Collection(new Values(Task));
  expect(byKey.remove.mergeWithStore(newer, older, { 1: '1', 2: '2' }, { 1: '1' })).toEqual({ 2: '2' });
});

it('two moves of one task whose replies come back in reverse order leave the card only in the column of its stored status', async () => {
  const { server, T, client, column, close } = await board(true);
  const first = server.next.hold();
  const a = client.controller.fetch(T.getList.move, { id: 1 }, { status: 'doing' });
  await first.arrived;
  await client.controller.fetch(T.getList.move, { id: 1 }, { status: 'done' });
  await first();
  await a;
  const status = (client.controller.get(Task, { id: 1 }) as Task).status;
  const shown = { todo: column('todo'), done: column('done') };
  const holding = Object.entries(shown).filter(([, list]) => list.includes(1)).map(([s]) => s);
  expect(holding).toEqual(status === 'todo' || status === 'done' ? [status] : []);
  close();
});

it.each([true, false])('a page of the old column fetched before a move and answered after it does not bring the card back (optimistic %s)', async optimistic => {
  const s = (server = await createTestServer());
  const tasks = s.resource('/tasks', seed(), { pageField: 'page', pageSize: 2 });
  const T = resource({
    urlPrefix: s.url,
    path: '/tasks/:id',
    schema: Task,
    paginationField: 'page',
    searchParams: {} as { status: string; page?: number },
    optimistic,
  });
  const client = makeClient();
  await client.controller.fetch(T.getList, { status: 'todo' });
  await client.controller.fetch(T.getList, { status: 'done' });
  const column = (status: string) => ids(client.controller.getResponse(T.getList, { status }).data);
  expect(column('todo')).toEqual([1, 2]);
  // another client adds task 4 to the todo column: it is on page 2 of that column
  tasks.items.set('4', { id: 4, title: 'd', status: 'todo' });
  // "load more" on the todo column: the server answers page 2 (task 4, still todo) but the reply is held
  const hold = s.next.hold();
  const page = client.controller.fetch(T.getList.getPage, { status: 'todo', page: 2 });
  await hold.arrived;
  await client.controller.fetch(T.getList.move, { id: 4 }, { status: 'done' });
  await hold();
  await page;
  expect(client.controller.get(Task, { id: 4 })).toMatchObject({ status: 'done' });
  expect(column('todo')).toEqual([1, 2]);
  expect(column('done').sort()).toEqual([3, 4]);
  client.destroy();
});
