// The REST API of the example, served by the same origin under /api.
import { Entity, RestEndpoint, resource } from 'rest-signals';

export class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  override pk() {
    return this.id;
  }
  static override key = 'Task';
}

/** `/api/tasks/:id`; every mutation updates the store optimistically before the reply. */
export const TaskResource = resource({ path: '/api/tasks/:id', schema: Task, optimistic: true });

/** One page of tasks: `GET /api/tasks?page=2` → `{ results: Task[], pages: number }`. */
export const taskPage = new RestEndpoint({
  path: '/api/tasks',
  searchParams: {} as { page: number },
  schema: { results: [Task], pages: 0 },
  name: 'taskPage',
});

/** An endpoint the API always fails (503), for the error route. */
export const broken = new RestEndpoint({ path: '/api/broken', schema: { ok: true }, name: 'broken' });
