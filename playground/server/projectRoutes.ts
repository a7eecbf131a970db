import type { FastifyInstance } from 'fastify';
import { readFields, reject, text, type FieldSpec } from './fields.js';
import { HttpError } from './HttpError.js';
import { idOf, subjectOf } from './http.js';
import type { PlaygroundState } from './PlaygroundState.js';
import type { Project } from './seed.js';

const PROJECT_FIELDS: FieldSpec<Omit<Project, 'id'>> = {
  name: text(100),
  color: v => (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v) ? v : reject('must be a colour like "#2f80ed"')),
};

/**
 * The project routes under `/api/projects`: `GET /api/projects` (a plain array, by id),
 * `GET /api/projects/:id`, `POST` (201; `name` required, `color` defaults to grey), `PUT`, `PATCH`,
 * and `DELETE`, which replies the deleted project (200), or 409 while tasks belong to it.
 * @example registerProjectRoutes(app, state);
 */
export function registerProjectRoutes(app: FastifyInstance, state: PlaygroundState): void {
  const complete = (subject: string, body: unknown): Omit<Project, 'id'> => {
    const f = readFields(subject, PROJECT_FIELDS, body, { required: false });
    if (f.name === undefined) throw new HttpError(400, `${subject}: field "name" is required`);
    return { name: f.name, color: f.color ?? '#828282' };
  };

  app.get('/api/projects', async () => state.projects.rows());

  app.get('/api/projects/:id', async req => state.projects.get(subjectOf(req), idOf(req)));

  app.post('/api/projects', async (req, reply) =>
    reply.code(201).send(state.projects.insert(complete(subjectOf(req), req.body))));

  app.put('/api/projects/:id', async req => {
    const subject = subjectOf(req);
    const row = state.projects.get(subject, idOf(req));
    return state.projects.update(row, complete(subject, req.body));
  });

  app.patch('/api/projects/:id', async req => {
    const subject = subjectOf(req);
    const row = state.projects.get(subject, idOf(req));
    return state.projects.update(row, readFields(subject, PROJECT_FIELDS, req.body, { required: false }));
  });

  app.delete('/api/projects/:id', async req => {
    const subject = subjectOf(req);
    const row = state.projects.get(subject, idOf(req));
    const count = state.tasks.rows().filter(t => t.projectId === row.id).length;
    if (count) throw new HttpError(409, `${subject}: project ${row.id} (${JSON.stringify(row.name)}) still has ${count} task(s)`);
    state.projects.remove(row.id);
    return row;
  });
}
