import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, NetworkError, type DataClient } from '../../src/core/index.js';
import { createSeedBoard, SEED_PASSWORD } from '../../playground/server/index.js';
import {
  apiConfig, getMe, getSecretStats, login, logout, playgroundManagers, ProjectResource, Stats, StatsResource, Task,
  TaskResource, tempId, tokenStore, User, UserResource,
} from '../../playground/shared/index.js';
import { startPlayground } from './helpers.js';

// The pages' definitions, driven against the real playground server through a real client.
let pg: Awaited<ReturnType<typeof startPlayground>>;
let client: DataClient;
let loggedOut = 0;
beforeAll(async () => {
  pg = await startPlayground();
  apiConfig.urlPrefix = `${pg.server.url}/api`;
});
afterAll(async () => {
  apiConfig.urlPrefix = '/api';
  await pg.server.close();
});
beforeEach(async () => {
  await pg.call('POST', '/__reset');
  tokenStore.clear();
  loggedOut = 0;
  client = createDataClient({ managers: playgroundManagers(() => loggedOut++) });
});
afterEach(() => client.destroy());

const ids = (list: unknown) => (list as Task[]).map(t => t.id);

describe('playground/shared against the playground server', () => {
  it('calls resources directly: filtered lists of Task, the wrapped user list, stats', async () => {
    const todo = (await TaskResource.getList({ projectId: 1, status: 'todo' })) as Task[];
    expect(todo.length).toBeGreaterThan(0);
    expect(todo.every(t => t instanceof Task && t.projectId === 1 && t.status === 'todo')).toBe(true);
    const users = await UserResource.getList();
    expect(users.total).toBe(12);
    expect(users.results[0]).toBeInstanceOf(User);
    expect((await StatsResource.get())).toBeInstanceOf(Stats);
    expect(StatsResource.get.pollFrequency).toBe(2000);
  });

  it('StatsResource.get polls while watched: a server-side change shows up without a refetch call', async () => {
    const stats = client.live(StatsResource.get);
    const seen: number[] = [];
    let resolveChange!: () => void;
    const changed = new Promise<void>(r => (resolveChange = r));
    const stop = stats.subscribe(({ data }) => {
      if (!data) return;
      seen.push((data as Stats).tasksDone);
      if (seen.length > 1 && seen.at(-1)! > seen[0]!) resolveChange();
    });
    try {
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      const open = createSeedBoard().tasks.find(t => !t.done)!;
      await pg.call('PATCH', `/api/tasks/${open.id}`, { done: true });
      await changed;
      expect(seen.at(-1)).toBe(seen[0]! + 1);
    } finally {
      stop();
    }
  });

  it('pages the wrapped user list: getPage appends to its results Collection', async () => {
    const ctrl = client.controller;
    await ctrl.fetch(UserResource.getList);
    const users = client.cache(UserResource.getList);
    expect((users.value as { results: User[] }).results).toHaveLength(10);
    await ctrl.fetch(UserResource.getList.getPage, { page: 2 });
    const page = users.value as { results: User[]; total: number };
    expect(page.results.map(u => u.id)).toEqual(createSeedBoard().users.map(u => u.id));
    expect(page.total).toBe(12);
  });

  it('pages, creates, toggles, moves and deletes tasks through the controller', async () => {
    const ctrl = client.controller;
    const args = { projectId: 1 };
    await ctrl.fetch(TaskResource.getList, args);
    await ctrl.fetch(TaskResource.getList.getPage, { ...args, page: 2 });
    const list = client.cache(TaskResource.getList, args);
    expect(ids(list.value)).toEqual((await pg.call('GET', '/api/tasks?projectId=1')).body.concat((await pg.call('GET', '/api/tasks?projectId=1&page=2')).body).map((t: Task) => t.id));

    const created = (await ctrl.fetch(TaskResource.getList.push, args, { title: 'From the client', ownerId: 2, projectId: 1 })) as Task;
    const newId = createSeedBoard().tasks.length + 1;
    expect(created).toMatchObject({ id: newId, title: 'From the client', status: 'todo' });
    expect(ids(list.value).at(-1)).toBe(newId);

    await ctrl.fetch(TaskResource.partialUpdate, { id: 1 }, { done: true });
    expect((list.value as Task[]).find(t => t.id === 1)!.done).toBe(true);
    expect((await pg.call('GET', '/api/tasks/1')).body.done).toBe(true);

    const todoArgs = { projectId: 1, status: 'todo' as const };
    const doingArgs = { projectId: 1, status: 'doing' as const };
    await ctrl.fetch(TaskResource.getList, todoArgs);
    await ctrl.fetch(TaskResource.getList, doingArgs);
    const moving = ids(client.cache(TaskResource.getList, todoArgs).value)[0]!;
    await ctrl.fetch(TaskResource.getList.move, { id: moving }, { status: 'doing' });
    expect(ids(client.cache(TaskResource.getList, todoArgs).value)).not.toContain(moving);
    expect(ids(client.cache(TaskResource.getList, doingArgs).value)).toContain(moving);
    expect((await pg.call('GET', `/api/tasks/${moving}`)).body.status).toBe('doing');

    await ctrl.fetch(TaskResource.delete, { id: newId });
    expect(ids(list.value)).not.toContain(newId);
    expect((await pg.call('GET', `/api/tasks/${newId}`)).status).toBe(404);
  });

  it('rolls an optimistic rename back when the server refuses it', async () => {
    const ctrl = client.controller;
    await ctrl.fetch(TaskResource.get, { id: 2 });
    const task = client.cache(TaskResource.get, { id: 2 });
    const before = (task.value as Task).title;
    await pg.call('POST', '/__control', { failNext: { status: 500, match: '^PATCH /api/tasks/2$' }, delayMs: 50 });
    const pending = ctrl.fetch(TaskResource.partialUpdate, { id: 2 }, { title: 'Renamed' });
    expect((task.value as Task).title).toBe('Renamed');
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
    expect((task.value as Task).title).toBe(before);
  });

  it('an optimistic create with a tempId shows at once, then becomes the server row', async () => {
    const ctrl = client.controller;
    const args = { projectId: 3, status: 'todo' as const };
    await ctrl.fetch(TaskResource.getList, args);
    const list = client.cache(TaskResource.getList, args);
    const before = ids(list.value);
    await pg.call('POST', '/__control', { delayMs: 80 });
    const temp = tempId();
    expect(temp).toBeLessThan(0);
    const pending = ctrl.fetch(TaskResource.getList.push, args, { id: temp, title: 'Optimistic', ownerId: 1, projectId: 3 });
    expect(ids(list.value)).toEqual([...before, temp]);
    const created = (await pending) as Task;
    expect(created.id).toBe(createSeedBoard().tasks.length + 1);
    expect(ids(list.value)).toEqual([...before, created.id]);
  });

  it('creates and deletes a project (the server replies the deleted project)', async () => {
    const ctrl = client.controller;
    const created = (await ctrl.fetch(ProjectResource.getList.push, { id: tempId(), name: 'Scratch', color: '#123456' })) as { id: number };
    const list = client.cache(ProjectResource.getList);
    await ctrl.fetch(ProjectResource.getList);
    expect((list.value as { id: number }[]).map(p => p.id)).toContain(created.id);
    await ctrl.fetch(ProjectResource.delete, { id: created.id });
    expect((list.value as { id: number }[]).map(p => p.id)).not.toContain(created.id);
    expect((await pg.call('GET', `/api/projects/${created.id}`)).status).toBe(404);
  });

  it('logs in (token stored and sent), reads protected routes, logs out', async () => {
    const ctrl = client.controller;
    await expect(ctrl.fetch(getMe)).rejects.toMatchObject({ status: 401 });
    expect(loggedOut).toBe(1);
    const reply = (await ctrl.fetch(login, { username: 'grace', password: SEED_PASSWORD })) as { user: User };
    expect(reply.user).toBeInstanceOf(User);
    expect(tokenStore.token).toEqual(expect.any(String));
    expect(((await ctrl.fetch(getMe)) as User).username).toBe('grace');
    expect(await ctrl.fetch(getSecretStats)).toMatchObject({ username: 'grace' });
    await ctrl.fetch(logout);
    expect(tokenStore.token).toBeUndefined();
    await expect(ctrl.fetch(getMe)).rejects.toMatchObject({ status: 401 });
  });

  it('an expired token is a 401: LogoutManager clears the token and calls onLogout; bad credentials are not', async () => {
    const ctrl = client.controller;
    await expect(ctrl.fetch(login, { username: 'grace', password: 'wrong' })).rejects.toMatchObject({ status: 403 });
    expect(loggedOut).toBe(0);
    await ctrl.fetch(login, { username: 'ada', password: SEED_PASSWORD });
    await ctrl.fetch(getMe);
    await pg.call('POST', '/__control', { expireTokens: true });
    await expect(ctrl.fetch(getSecretStats)).rejects.toMatchObject({ status: 401 });
    expect(loggedOut).toBe(1);
    expect(tokenStore.token).toBeUndefined();
  });

  it('with REQUIRE_AUTH, resource mutations carry the Bearer token', async () => {
    const strict = await startPlayground({ requireAuth: true });
    apiConfig.urlPrefix = `${strict.server.url}/api`;
    try {
      await expect(TaskResource.partialUpdate({ id: 1 }, { done: true })).rejects.toMatchObject({ status: 401 });
      await login({ username: 'ada', password: SEED_PASSWORD });
      expect(((await TaskResource.partialUpdate({ id: 1 }, { done: true })) as Task).done).toBe(true);
    } finally {
      apiConfig.urlPrefix = `${pg.server.url}/api`;
      await strict.server.close();
    }
  });
});
