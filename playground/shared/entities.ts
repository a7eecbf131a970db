import { Entity } from '../../src/core/index.js';
import type { TaskStatus } from '../server/seed.js';

export type { TaskStatus } from '../server/seed.js';

/**
 * A card on the board (`/api/tasks`). `status` is its column; `position` orders a column.
 * @example const task = await TaskResource.get({ id: 1 }); task.title;
 */
export class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  ownerId = 0;
  projectId = 0;
  tags: string[] = [];
  status: TaskStatus = 'todo';
  position = 0;
  static override key = 'Task';
}

/**
 * A board member (`/api/users`). Indexed by `username`, so `controller.get(User, { username })` finds one.
 * @example const me = await getMe();
 */
export class User extends Entity {
  id = 0;
  username = '';
  name = '';
  email = '';
  role: 'admin' | 'member' = 'member';
  static override key = 'User';
  static override indexes = ['username'] as const;
}

/**
 * A project (`/api/projects`); tasks point to it with `projectId`.
 * @example const projects = await ProjectResource.getList();
 */
export class Project extends Entity {
  id = 0;
  name = '';
  color = '#828282';
  static override key = 'Project';
}

/**
 * The public counter `GET /api/stats` replies (one entity, id `'stats'`), polled by the pages.
 * @example const stats = await StatsResource.get(); stats.tasksDone;
 */
export class Stats extends Entity {
  id = 'stats';
  tasksDone = 0;
  tasksTotal = 0;
  /** ISO time of the reply: changes on every poll, so a view shows the poll working. */
  serverTime = '';
  static override key = 'Stats';
}

/**
 * The logged-in user's own counters (`GET /api/secret-stats`, 401 without a token).
 * @example const mine = await getSecretStats(); mine.tasksOwned;
 */
export class SecretStats extends Entity {
  id = 'secret-stats';
  username = '';
  tasksOwned = 0;
  tasksOwnedDone = 0;
  serverTime = '';
  static override key = 'SecretStats';
}
