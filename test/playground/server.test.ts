import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSeedBoard, TASK_PAGE_SIZE, type Task } from '../../playground/server/index.js';
import { startPlayground } from './helpers.js';

let pg: Awaited<ReturnType<typeof startPlayground>>;
beforeAll(async () => {
  pg = await startPlayground();
});
afterAll(() => pg.server.close());
beforeEach(async () => {
  expect((await pg.call('POST', '/__reset')).status).toBe(204);
});

const seed = createSeedBoard();

describe('seed', () => {
  it('is deterministic and fresh on every call', () => {
    const again = createSeedBoard();
    expect(again).toEqual(seed);
    again.tasks[0]!.title = 'changed';
    expect(createSeedBoard().tasks[0]!.title).toBe(seed.tasks[0]!.title);
    expect(seed.tasks.filter(t => t.projectId === 1).length).toBeGreaterThan(2 * TASK_PAGE_SIZE);
  });
});

describe('tasks', () => {
  it('lists one page of ten by id, with the filtered total in x-total-count', async () => {
    const r = await pg.call('GET', '/api/tasks');
    expect(r.status).toBe(200);
    expect(r.body.map((t: Task) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.headers.get('x-total-count')).toBe(String(seed.tasks.length));
    expect((await pg.call('GET', '/api/tasks?page=2')).body.map((t: Task) => t.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('filters by project, status, owner, done, tag and text, and pages the filtered list', async () => {
    const p1 = seed.tasks.filter(t => t.projectId === 1);
    const count = Math.ceil(p1.length / TASK_PAGE_SIZE);
    const pages = await Promise.all(Array.from({ length: count + 1 }, (_, i) => pg.call('GET', `/api/tasks?projectId=1&page=${i + 1}`)));
    expect(pages.map(p => p.body.length)).toEqual([...Array(count - 1).fill(10), p1.length - (count - 1) * 10, 0]);
    expect(pages.flatMap(p => p.body)).toEqual(p1);
    expect(pages[0]!.headers.get('x-total-count')).toBe(String(p1.length));

    const todo = (await pg.call('GET', '/api/tasks?projectId=1&status=todo')).body as Task[];
    const expected = p1.filter(t => t.status === 'todo').sort((a, b) => a.position - b.position).slice(0, 10);
    expect(todo).toEqual(expected);
    expect(todo).toHaveLength(TASK_PAGE_SIZE); // a column of the first project spans two pages
    const todo2 = (await pg.call('GET', '/api/tasks?projectId=1&status=todo&page=2')).body as Task[];
    expect(todo2.length).toBeGreaterThan(0);
    expect(todo2[0]!.position).toBeGreaterThan(todo.at(-1)!.position);

    const owned = (await pg.call('GET', '/api/tasks?ownerId=2&done=true')).body as Task[];
    expect(owned).toEqual(seed.tasks.filter(t => t.ownerId === 2 && t.done).slice(0, 10));
    const tagged = (await pg.call('GET', '/api/tasks?tag=urgent&projectId=2')).body as Task[];
    expect(tagged).toEqual(seed.tasks.filter(t => t.tags.includes('urgent') && t.projectId === 2).slice(0, 10));
    const found = (await pg.call('GET', '/api/tasks?q=LOGIN')).body as Task[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every(t => t.title.toLowerCase().includes('login'))).toBe(true);
  });

  it('rejects bad filters with a 400 naming the parameter and value', async () => {
    for (const [q, name] of [['status=later', 'status'], ['page=0', 'page'], ['projectId=x', 'projectId'], ['done=yes', 'done']]) {
      const r = await pg.call('GET', `/api/tasks?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toContain(`"${name}"`);
      expect(r.body.error).toContain('GET /api/tasks');
    }
  });

  it('gets one task, or a 404 naming the id', async () => {
    expect((await pg.call('GET', '/api/tasks/3')).body).toEqual(seed.tasks[2]);
    const missing = await pg.call('GET', '/api/tasks/999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'GET /api/tasks/999: no task with id "999"', status: 404 });
    expect((await pg.call('GET', '/api/tasks/abc')).status).toBe(404);
  });

  it('creates a task (201) at the end of its column and of the unfiltered list', async () => {
    const r = await pg.call('POST', '/api/tasks', { title: '  Write tests ', ownerId: 2, projectId: 1, tags: ['ui', 'ui'] });
    expect(r.status).toBe(201);
    const endTodo = Math.max(...seed.tasks.filter(t => t.projectId === 1 && t.status === 'todo').map(t => t.position)) + 1;
    expect(r.body).toEqual({ id: seed.tasks.length + 1, title: 'Write tests', done: false, ownerId: 2, projectId: 1, tags: ['ui'], status: 'todo', position: endTodo });
    expect((await pg.call('GET', `/api/tasks/${r.body.id}`)).body).toEqual(r.body);
    const lastPage = Math.ceil((seed.tasks.length + 1) / TASK_PAGE_SIZE);
    expect((await pg.call('GET', `/api/tasks?page=${lastPage}`)).body.at(-1)).toEqual(r.body);
  });

  it('validates bodies: required fields, types, references; unknown and __proto__ keys are ignored', async () => {
    const missing = await pg.call('POST', '/api/tasks', { title: 'x', ownerId: 1 });
    expect(missing).toMatchObject({ status: 400, body: { error: 'POST /api/tasks: field "projectId" is required' } });
    const wrong = await pg.call('POST', '/api/tasks', { title: 'x', ownerId: 1, projectId: 1, done: 'yes' });
    expect(wrong.body.error).toBe('POST /api/tasks: field "done" must be true or false, got "yes"');
    const ref = await pg.call('POST', '/api/tasks', { title: 'x', ownerId: 77, projectId: 1 });
    expect(ref.body.error).toBe('POST /api/tasks: field "ownerId" names no user, got 77');
    const notJson = await pg.call('POST', '/api/tasks', '{oops');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toContain('not valid JSON');
    const sneaky = await pg.call('POST', '/api/tasks', '{"title":"ok","ownerId":1,"projectId":1,"__proto__":{"admin":true},"id":5,"extra":1}');
    expect(sneaky.status).toBe(201);
    expect(sneaky.body.id).toBe(seed.tasks.length + 1);
    expect(Object.keys(sneaky.body).sort()).toEqual(['done', 'id', 'ownerId', 'position', 'projectId', 'status', 'tags', 'title']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('replaces with PUT (defaults for absent fields) and merges with PATCH', async () => {
    const put = await pg.call('PUT', '/api/tasks/2', { title: 'Replaced', ownerId: 3, projectId: 1, status: 'doing', position: 50 });
    expect(put).toMatchObject({ status: 200, body: { id: 2, title: 'Replaced', done: false, ownerId: 3, projectId: 1, tags: [], status: 'doing', position: 50 } });
    expect((await pg.call('PUT', '/api/tasks/2', { title: 'No owner' })).status).toBe(400);
    const patch = await pg.call('PATCH', '/api/tasks/2', { done: true });
    expect(patch.body).toEqual({ ...put.body, done: true });
    expect((await pg.call('GET', '/api/tasks/2')).body).toEqual(patch.body);
    expect((await pg.call('PATCH', '/api/tasks/999', { done: true })).status).toBe(404);
  });

  it('moves a task between filtered lists: PATCH status puts it last in the new column', async () => {
    const from = (await pg.call('GET', '/api/tasks?projectId=1&status=todo')).body as Task[];
    const moving = from[0]!;
    const moved = await pg.call('PATCH', `/api/tasks/${moving.id}`, { status: 'doing' });
    expect(moved.body.status).toBe('doing');
    const after = (await pg.call('GET', '/api/tasks?projectId=1&status=todo')).body as Task[];
    expect(after.map(t => t.id)).not.toContain(moving.id);
    const doing = await pg.call('GET', '/api/tasks?projectId=1&status=doing');
    const all = Number(doing.headers.get('x-total-count'));
    const last = await pg.call('GET', `/api/tasks?projectId=1&status=doing&page=${Math.ceil(all / TASK_PAGE_SIZE)}`);
    expect(last.body.at(-1)).toEqual(moved.body);
  });

  it('deletes with 204 and no body, also when the request says content-type json', async () => {
    const r = await fetch(`${pg.server.url}/api/tasks/5`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(204);
    expect(await r.text()).toBe('');
    expect((await pg.call('GET', '/api/tasks/5')).status).toBe(404);
    expect((await pg.call('DELETE', '/api/tasks/5')).status).toBe(404);
  });
});

describe('users (wrapped list)', () => {
  it('replies { results, total, limit, skip } with page, limit, skip and filters', async () => {
    const first = await pg.call('GET', '/api/users');
    expect(first.body).toEqual({ results: seed.users.slice(0, 10), total: seed.users.length, limit: 10, skip: 0 });
    expect((await pg.call('GET', '/api/users?page=2')).body).toEqual({ results: seed.users.slice(10), total: seed.users.length, limit: 10, skip: 10 });
    expect((await pg.call('GET', '/api/users?limit=3&skip=4')).body).toEqual({ results: seed.users.slice(4, 7), total: seed.users.length, limit: 3, skip: 4 });
    expect((await pg.call('GET', '/api/users?role=admin')).body).toMatchObject({ results: [{ username: 'ada' }], total: 1 });
  });

  it('gets, creates, updates and deletes users (delete replies the user; 409 while they own tasks)', async () => {
    expect((await pg.call('GET', '/api/users/2')).body).toEqual(seed.users[1]);
    const created = await pg.call('POST', '/api/users', { username: 'linus', name: 'Linus T', email: 'l@example.test', role: 'member' });
    expect(created).toMatchObject({ status: 201, body: { id: seed.users.length + 1, username: 'linus' } });
    expect((await pg.call('POST', '/api/users', { username: 'linus', name: 'x', email: 'x', role: 'member' })).status).toBe(409);
    expect((await pg.call('POST', '/api/users', { username: 'z' })).status).toBe(400);
    const put = await pg.call('PUT', `/api/users/${created.body.id}`, { username: 'linus', name: 'Linus Torvalds', email: 'l@example.test', role: 'admin' });
    expect(put.body).toMatchObject({ name: 'Linus Torvalds', role: 'admin' });
    const patch = await pg.call('PATCH', `/api/users/${created.body.id}`, { name: 'LT' });
    expect(patch.body).toEqual({ ...put.body, name: 'LT' });
    const del = await pg.call('DELETE', `/api/users/${created.body.id}`);
    expect(del).toMatchObject({ status: 200, body: patch.body });
    const busy = await pg.call('DELETE', '/api/users/1');
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatch(/^DELETE \/api\/users\/1: user 1 \(ada\) still owns \d+ task\(s\)$/);
  });
});

describe('projects', () => {
  it('lists, gets, creates, updates; delete replies the project, 409 while it has tasks', async () => {
    expect((await pg.call('GET', '/api/projects')).body).toEqual(seed.projects);
    expect((await pg.call('GET', '/api/projects/2')).body).toEqual(seed.projects[1]);
    const created = await pg.call('POST', '/api/projects', { name: 'Docs' });
    expect(created).toMatchObject({ status: 201, body: { id: 4, name: 'Docs', color: '#828282' } });
    expect((await pg.call('PATCH', '/api/projects/4', { color: 'red' })).body.error).toContain('field "color"');
    expect((await pg.call('PUT', '/api/projects/4', { name: 'Manuals', color: '#000000' })).body).toEqual({ id: 4, name: 'Manuals', color: '#000000' });
    expect((await pg.call('PATCH', '/api/projects/4', { name: 'Guides' })).body).toEqual({ id: 4, name: 'Guides', color: '#000000' });
    expect(await pg.call('DELETE', '/api/projects/4')).toMatchObject({ status: 200, body: { id: 4, name: 'Guides' } });
    expect((await pg.call('GET', '/api/projects/4')).status).toBe(404);
    expect((await pg.call('DELETE', '/api/projects/1')).status).toBe(409);
  });
});

describe('stats and reset', () => {
  it('counts done tasks with the server time, and follows changes', async () => {
    const before = (await pg.call('GET', '/api/stats')).body;
    expect(before).toEqual({ id: 'stats', tasksDone: seed.tasks.filter(t => t.done).length, tasksTotal: seed.tasks.length, serverTime: expect.any(String) });
    expect(Number.isNaN(Date.parse(before.serverTime))).toBe(false);
    const open = seed.tasks.find(t => !t.done)!;
    await pg.call('PATCH', `/api/tasks/${open.id}`, { done: true });
    expect((await pg.call('GET', '/api/stats')).body.tasksDone).toBe(before.tasksDone + 1);
  });

  it('POST /__reset restores the seed board', async () => {
    await pg.call('DELETE', '/api/tasks/1');
    await pg.call('POST', '/api/projects', { name: 'Temp' });
    expect((await pg.call('POST', '/__reset')).status).toBe(204);
    expect((await pg.call('GET', '/api/tasks/1')).body).toEqual(seed.tasks[0]);
    expect((await pg.call('GET', '/api/projects')).body).toEqual(seed.projects);
    expect((await pg.call('POST', '/api/tasks', { title: 'n', ownerId: 1, projectId: 1 })).body.id).toBe(seed.tasks.length + 1);
  });

  it('unknown API routes are JSON 404s', async () => {
    expect(await pg.call('GET', '/api/nope?x=1')).toMatchObject({ status: 404, body: { error: 'GET /api/nope: no such route' } });
  });
});
