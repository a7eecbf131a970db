import { Collection, resource } from '../../src/core/index.js';
import type { TaskStatus } from '../server/seed.js';
import { AuthdEndpoint } from './endpoints.js';
import { Project, Task, User } from './entities.js';

/** The fields a task body may carry (every one optional: PATCH sends a subset). */
export interface TaskBody {
  /** Only for an optimistic create: a `tempId()` (the server assigns the real id). */
  id?: number;
  title?: string;
  done?: boolean;
  ownerId?: number;
  projectId?: number;
  tags?: string[];
  status?: TaskStatus;
  position?: number;
}

/** The filters of `GET /api/tasks`; each distinct combination is its own list (Collection). */
export interface TaskFilters {
  projectId?: number;
  status?: TaskStatus;
  ownerId?: number;
  done?: boolean;
  tag?: string;
  q?: string;
}

/**
 * Tasks: `get`, `getList` (filtered by {@link TaskFilters}, ten per page), `getList.getPage`
 * (`{ ...filters, page: 2 }` appends page 2), `getList.push` (create, shown at the end of every
 * matching list; give the body a `tempId()` so the optimistic row has a primary key),
 * `getList.move` (PATCH `status`: leaves the old column's list, joins the new one's), `update`,
 * `partialUpdate` and `delete` (the server replies 204; the id comes from the arguments). Every mutation is optimistic: the view changes at once and rolls back if the server
 * refuses.
 * @example
 * const todo = await TaskResource.getList({ projectId: 1, status: 'todo' });
 * await ctrl.fetch(TaskResource.getList.getPage, { projectId: 1, status: 'todo', page: 2 });
 * await ctrl.fetch(TaskResource.partialUpdate, { id: 3 }, { done: true });
 * await ctrl.fetch(TaskResource.getList.move, { id: 3 }, { status: 'doing' });
 */
export const TaskResource = resource({
  path: '/tasks/:id',
  schema: Task,
  Endpoint: AuthdEndpoint,
  paginationField: 'page',
  searchParams: {} as TaskFilters,
  body: {} as TaskBody,
  optimistic: true,
});

/**
 * Users, whose list the server wraps: `getList()` resolves to `{ results: User[], total, limit,
 * skip }` (`results` is the Collection; `getList.getPage({ page: 2 })` appends to it). `get`,
 * `update`, `partialUpdate`, `delete` (replies the user) as usual.
 * @example
 * const { results, total } = await UserResource.getList();
 */
export const UserResource = resource({
  path: '/users/:id',
  schema: User,
  Endpoint: AuthdEndpoint,
  paginationField: 'page',
  searchParams: {} as { q?: string; role?: 'admin' | 'member' },
}).extend({
  getList: {
    schema: { results: new Collection([User]), total: 0, limit: 0, skip: 0 },
  },
});

/**
 * Projects: a plain list (`getList()` → `Project[]`), create with `getList.push` (with a
 * `tempId()` in the body for the optimistic row), and a `delete`
 * that replies the deleted project (409 while tasks still belong to it). Optimistic.
 * @example const projects = await ProjectResource.getList();
 */
export const ProjectResource = resource({
  path: '/projects/:id',
  schema: Project,
  Endpoint: AuthdEndpoint,
  body: {} as { id?: number; name?: string; color?: string },
  optimistic: true,
});
