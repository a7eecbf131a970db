import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError.js';
import { headerOf, subjectOf } from './http.js';
import type { PlaygroundState } from './PlaygroundState.js';
import { SEED_PASSWORD, type User } from './seed.js';

/** The reply of `POST /api/login`. */
export interface LoginReply {
  token: string;
  /** Epoch milliseconds after which the token gets 401s. */
  expiresAt: number;
  user: User;
}

/** The reply of `GET /api/stats` (public, polled by the pages). */
export interface Stats {
  id: 'stats';
  tasksDone: number;
  tasksTotal: number;
  /** ISO time of the reply: changes on every poll. */
  serverTime: string;
}

/** The reply of `GET /api/secret-stats` (needs a token). */
export interface SecretStats {
  id: 'secret-stats';
  username: string;
  tasksOwned: number;
  tasksOwnedDone: number;
  serverTime: string;
}

/**
 * Login, the protected routes and the polled counter:
 * - `POST /api/login { username, password }` → `{ token, expiresAt, user }`; wrong credentials are
 *   a 403 (not 401: a 401 means "your token is gone" and makes the pages' `LogoutManager` log out).
 * - `POST /api/logout` revokes the Bearer token sent (204, also when there is none).
 * - `GET /api/me` (the logged-in user) and `GET /api/secret-stats` need `Authorization: Bearer`;
 *   otherwise 401. With `requireAuth`, every mutation under `/api` needs it too.
 * - `GET /api/stats` → `{ id: 'stats', tasksDone, tasksTotal, serverTime }`, public.
 * @example registerSessionRoutes(app, state);
 */
export function registerSessionRoutes(app: FastifyInstance, state: PlaygroundState): void {
  const userOf = (subject: string, authorization: string | undefined): User =>
    state.users.get(subject, state.sessions.verify(subject, authorization));

  if (state.requireAuth) {
    app.addHook('preHandler', async req => {
      const path = req.url.split('?')[0]!;
      if (req.method === 'GET' || req.method === 'HEAD' || !path.startsWith('/api/')) return;
      if (path === '/api/login' || path === '/api/logout') return;
      state.sessions.verify(subjectOf(req), headerOf(req, 'authorization'));
    });
  }

  app.post('/api/login', async req => {
    const subject = subjectOf(req);
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const username = Object.prototype.hasOwnProperty.call(body, 'username') ? body.username : undefined;
    const password = Object.prototype.hasOwnProperty.call(body, 'password') ? body.password : undefined;
    if (typeof username !== 'string' || typeof password !== 'string') {
      throw new HttpError(400, `${subject}: the body must be { username: string, password: string }, got ${JSON.stringify(req.body)}`);
    }
    const user = state.users.rows().find(u => u.username === username);
    if (!user || password !== SEED_PASSWORD) {
      throw new HttpError(403, `${subject}: wrong username or password for ${JSON.stringify(username)}`);
    }
    const reply: LoginReply = { ...state.sessions.issue(user.id), user };
    return reply;
  });

  app.post('/api/logout', async (req, reply) => {
    state.sessions.revoke(headerOf(req, 'authorization'));
    return reply.code(204).send();
  });

  app.get('/api/me', async req => userOf(subjectOf(req), headerOf(req, 'authorization')));

  app.get('/api/secret-stats', async req => {
    const user = userOf(subjectOf(req), headerOf(req, 'authorization'));
    const owned = state.tasks.rows().filter(t => t.ownerId === user.id);
    const body: SecretStats = {
      id: 'secret-stats',
      username: user.username,
      tasksOwned: owned.length,
      tasksOwnedDone: owned.filter(t => t.done).length,
      serverTime: new Date().toISOString(),
    };
    return body;
  });

  app.get('/api/stats', async () => {
    const tasks = state.tasks.rows();
    const body: Stats = {
      id: 'stats',
      tasksDone: tasks.filter(t => t.done).length,
      tasksTotal: tasks.length,
      serverTime: new Date().toISOString(),
    };
    return body;
  });
}
