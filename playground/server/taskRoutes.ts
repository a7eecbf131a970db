import type { FastifyInstance } from 'fastify';
import { bool, num, oneOf, readFields, tags, text, type FieldSpec } from './fields.js';
import { HttpError } from './HttpError.js';
import { idOf, intParam, queryOf, subjectOf } from './http.js';
import type { PlaygroundState } from './PlaygroundState.js';
import { TASK_STATUSES, type Task } from './seed.js';

/** Tasks per page of `GET /api/tasks` (the `page` parameter is 1-based; no `page` means page 1). */
export const TASK_PAGE_SIZE = 10;

const TASK_FIELDS: FieldSpec<Omit<Task, 'id'>> = {
  title: text(200),
  done: bool,
  ownerId: num(),
  projectId: num(),
  tags,
  status: oneOf(TASK_STATUSES),
  position: num(),
};

/**
 * The task routes under `/api/tasks`:
 * - `GET /api/tasks?projectId=&status=&ownerId=&done=&tag=&q=&page=`: a JSON array, one page of
 *   {@link TASK_PAGE_SIZE}; with `status` ordered by `position` (the column order), otherwise by id,
 *   so a created task is last either way. `x-total-count` holds the filtered count.
 * - `GET /api/tasks/:id`, `POST /api/tasks` (201, the task; `title`, `ownerId`, `projectId`
 *   required), `PUT` (replace; same requirements), `PATCH` (merge; a changed `status` or `projectId`
 *   without a `position` moves the card to the end of its new column), `DELETE` (204, no body).
 * @example registerTaskRoutes(app, state);
 */
export function registerTaskRoutes(app: FastifyInstance, state: PlaygroundState): void {
  const checkRefs = (subject: string, t: Partial<Task>) => {
    if (t.ownerId !== undefined && !state.users.find(t.ownerId)) {
      throw new HttpError(400, `${subject}: field "ownerId" names no user, got ${t.ownerId}`);
    }
    if (t.projectId !== undefined && !state.projects.find(t.projectId)) {
      throw new HttpError(400, `${subject}: field "projectId" names no project, got ${t.projectId}`);
    }
  };
  /** A full task from a POST/PUT body: title, ownerId, projectId required; the rest defaulted. */
  const complete = (subject: string, body: unknown): Omit<Task, 'id'> => {
    const f = readFields(subject, TASK_FIELDS, body, { required: false });
    for (const key of ['title', 'ownerId', 'projectId'] as const) {
      if (f[key] === undefined) throw new HttpError(400, `${subject}: field "${key}" is required`);
    }
    checkRefs(subject, f);
    const status = f.status ?? 'todo';
    return {
      title: f.title!,
      done: f.done ?? false,
      ownerId: f.ownerId!,
      projectId: f.projectId!,
      tags: f.tags ?? [],
      status,
      position: f.position ?? state.endOfColumn(f.projectId!, status),
    };
  };

  app.get('/api/tasks', async (req, reply) => {
    const q = queryOf(req);
    const projectId = intParam(req, q, 'projectId');
    const ownerId = intParam(req, q, 'ownerId');
    const page = intParam(req, q, 'page') ?? 1;
    const status = q.get('status') || undefined;
    if (status !== undefined && !TASK_STATUSES.includes(status as Task['status'])) {
      throw new HttpError(400, `${subjectOf(req)}: query parameter "status" must be one of ${TASK_STATUSES.join(', ')}, got ${JSON.stringify(status)}`);
    }
    const done = q.get('done');
    if (done !== null && done !== 'true' && done !== 'false') {
      throw new HttpError(400, `${subjectOf(req)}: query parameter "done" must be true or false, got ${JSON.stringify(done)}`);
    }
    const tag = q.get('tag') || undefined;
    const text = q.get('q')?.toLowerCase() || undefined;
    const rows = state.tasks.rows().filter(t =>
      (projectId === undefined || t.projectId === projectId) &&
      (ownerId === undefined || t.ownerId === ownerId) &&
      (status === undefined || t.status === status) &&
      (done === null || String(t.done) === done) &&
      (tag === undefined || t.tags.includes(tag)) &&
      (text === undefined || t.title.toLowerCase().includes(text)));
    if (status !== undefined) rows.sort((a, b) => a.position - b.position || a.id - b.id);
    void reply.header('x-total-count', String(rows.length));
    return rows.slice((page - 1) * TASK_PAGE_SIZE, page * TASK_PAGE_SIZE);
  });

  app.get('/api/tasks/:id', async req => state.tasks.get(subjectOf(req), idOf(req)));

  app.post('/api/tasks', async (req, reply) => {
    const task = state.tasks.insert(complete(subjectOf(req), req.body));
    return reply.code(201).send(task);
  });

  app.put('/api/tasks/:id', async req => {
    const subject = subjectOf(req);
    const row = state.tasks.get(subject, idOf(req));
    return state.tasks.update(row, complete(subject, req.body));
  });

  app.patch('/api/tasks/:id', async req => {
    const subject = subjectOf(req);
    const row = state.tasks.get(subject, idOf(req));
    const patch = readFields(subject, TASK_FIELDS, req.body, { required: false });
    checkRefs(subject, patch);
    const moved = (patch.status !== undefined && patch.status !== row.status) ||
      (patch.projectId !== undefined && patch.projectId !== row.projectId);
    if (moved && patch.position === undefined) {
      patch.position = state.endOfColumn(patch.projectId ?? row.projectId, patch.status ?? row.status);
    }
    return state.tasks.update(row, patch);
  });

  app.delete('/api/tasks/:id', async (req, reply) => {
    const row = state.tasks.get(subjectOf(req), idOf(req));
    state.tasks.remove(row.id);
    return reply.code(204).send();
  });
}
