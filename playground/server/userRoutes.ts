import type { FastifyInstance } from 'fastify';
import { oneOf, readFields, text, type FieldSpec } from './fields.js';
import { HttpError } from './HttpError.js';
import { idOf, intParam, queryOf, subjectOf } from './http.js';
import type { PlaygroundState } from './PlaygroundState.js';
import type { User } from './seed.js';

/** Default `limit` of `GET /api/users`. */
export const USER_PAGE_SIZE = 10;

/** The wrapped list reply of `GET /api/users`. */
export interface UserPage {
  results: User[];
  total: number;
  limit: number;
  skip: number;
}

const USER_FIELDS: FieldSpec<Omit<User, 'id'>> = {
  username: text(40),
  name: text(100),
  email: text(200),
  role: oneOf(['admin', 'member'] as const),
};

/**
 * The user routes under `/api/users`, whose list is wrapped:
 * - `GET /api/users?limit=&skip=&page=&q=&role=` → `{ results, total, limit, skip }` (`page` is
 *   1-based and sets `skip` to `(page - 1) * limit`; `limit` defaults to {@link USER_PAGE_SIZE}).
 * - `GET /api/users/:id`, `POST /api/users` (201; every field required), `PUT` (every field),
 *   `PATCH` (any subset), `DELETE` (200, the deleted user; 409 while the user owns tasks).
 * Usernames are unique (409 on a clash).
 * @example registerUserRoutes(app, state);
 */
export function registerUserRoutes(app: FastifyInstance, state: PlaygroundState): void {
  const unique = (subject: string, username: string | undefined, self?: number) => {
    if (username !== undefined && state.users.rows().some(u => u.username === username && u.id !== self)) {
      throw new HttpError(409, `${subject}: username ${JSON.stringify(username)} is taken`);
    }
  };

  app.get('/api/users', async req => {
    const q = queryOf(req);
    const limit = Math.min(intParam(req, q, 'limit') ?? USER_PAGE_SIZE, 100);
    const page = intParam(req, q, 'page');
    const skip = page !== undefined ? (page - 1) * limit : intParam(req, q, 'skip', 0) ?? 0;
    const text = q.get('q')?.toLowerCase() || undefined;
    const role = q.get('role') || undefined;
    const rows = state.users.rows().filter(u =>
      (role === undefined || u.role === role) &&
      (text === undefined || u.name.toLowerCase().includes(text) || u.username.includes(text)));
    const body: UserPage = { results: rows.slice(skip, skip + limit), total: rows.length, limit, skip };
    return body;
  });

  app.get('/api/users/:id', async req => state.users.get(subjectOf(req), idOf(req)));

  app.post('/api/users', async (req, reply) => {
    const subject = subjectOf(req);
    const fields = readFields(subject, USER_FIELDS, req.body, { required: true }) as Omit<User, 'id'>;
    unique(subject, fields.username);
    return reply.code(201).send(state.users.insert(fields));
  });

  app.put('/api/users/:id', async req => {
    const subject = subjectOf(req);
    const row = state.users.get(subject, idOf(req));
    const fields = readFields(subject, USER_FIELDS, req.body, { required: true });
    unique(subject, fields.username, row.id);
    return state.users.update(row, fields);
  });

  app.patch('/api/users/:id', async req => {
    const subject = subjectOf(req);
    const row = state.users.get(subject, idOf(req));
    const fields = readFields(subject, USER_FIELDS, req.body, { required: false });
    unique(subject, fields.username, row.id);
    return state.users.update(row, fields);
  });

  app.delete('/api/users/:id', async req => {
    const subject = subjectOf(req);
    const row = state.users.get(subject, idOf(req));
    const owned = state.tasks.rows().filter(t => t.ownerId === row.id).length;
    if (owned) throw new HttpError(409, `${subject}: user ${row.id} (${row.username}) still owns ${owned} task(s)`);
    state.users.remove(row.id);
    return row;
  });
}
