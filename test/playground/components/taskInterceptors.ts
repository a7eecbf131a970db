// The playground's task API as interceptors over an in-memory table (the interceptors' `this`),
// so the pages' components run against the real store with no server. `failNextLists` makes the
// next list requests fail with a 500, as the server's fault switch would.
import { TaskResource, type TaskBody } from '../../../playground/shared/index.js';
import type { Interceptor } from '../../../src/test/index.js';

export interface TaskRow {
  id: number;
  title: string;
  done: boolean;
  ownerId: number;
  projectId: number;
  tags: string[];
  status: 'todo' | 'doing' | 'done';
  position: number;
}

export interface TaskDb {
  rows: TaskRow[];
  nextId: number;
  failNextLists: number;
  listCalls: number;
}

export const taskDb = (failNextLists = 0): TaskDb => ({
  rows: [
    { id: 1, title: 'Plan the sprint', done: false, ownerId: 1, projectId: 1, tags: [], status: 'todo', position: 1 },
    { id: 2, title: 'Write the tests', done: true, ownerId: 1, projectId: 1, tags: ['qa'], status: 'doing', position: 2 },
    { id: 3, title: 'Ship it', done: false, ownerId: 2, projectId: 1, tags: [], status: 'todo', position: 3 },
    { id: 4, title: 'Another project', done: false, ownerId: 2, projectId: 2, tags: [], status: 'todo', position: 1 },
  ],
  nextId: 100,
  failNextLists,
  listCalls: 0,
});

const list: Interceptor<TaskDb, typeof TaskResource.getList> = {
  endpoint: TaskResource.getList,
  response(filters) {
    this.listCalls++;
    if (this.failNextLists > 0) {
      this.failNextLists--;
      throw { status: 500, body: { error: 'injected' } };
    }
    return this.rows.filter(r => (filters?.projectId === undefined || r.projectId === filters.projectId) && (filters?.status === undefined || r.status === filters.status));
  },
  delay: 30,
};

const update: Interceptor<TaskDb, typeof TaskResource.partialUpdate> = {
  endpoint: TaskResource.partialUpdate,
  response({ id }, body: TaskBody) {
    const row = this.rows.find(r => r.id === Number(id));
    if (!row) throw { status: 404 };
    Object.assign(row, body);
    return { ...row };
  },
  delay: 60,
};

const create: Interceptor<TaskDb, typeof TaskResource.getList.push> = {
  endpoint: TaskResource.getList.push,
  response(_filters, body: TaskBody) {
    const { id: _tempId, ...fields } = body;
    const row: TaskRow = { title: '', done: false, ownerId: 1, projectId: 1, tags: [], status: 'todo', position: 0, ...fields, id: this.nextId++ };
    this.rows.push(row);
    return { ...row };
  },
  delay: 60,
};

const remove: Interceptor<TaskDb, typeof TaskResource.delete> = {
  endpoint: TaskResource.delete,
  response({ id }) {
    this.rows = this.rows.filter(r => r.id !== Number(id));
    return null;
  },
  delay: 30,
};

/** Every interceptor of the task API, for `resolverFixtures`. */
export const taskApi = [list, update, create, remove] as const;
