/**
 * The playground's REST server, on fastify 5: a well-kept, widely used Node framework whose plain
 * JSON routes need no schemas (the playground validates by hand, with messages that name the
 * field and value), whose hooks give one place for the fault switches and auth, and whose
 * `inject()` allows in-process requests (the project's own tests use real `fetch` over loopback).
 * Rejected: bare `node:http` (routing, body parsing and errors by hand, as the unit-test server in
 * `test/server/` does for its narrower job) and express (slower release cadence, no promise-aware
 * error handling in v4).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { registerApiIndex } from './apiIndex.js';
import { registerCors } from './cors.js';
import { HttpError } from './HttpError.js';
import { PlaygroundState } from './PlaygroundState.js';
import { registerControlRoutes } from './controlRoutes.js';
import { registerLiveRoutes } from './liveRoutes.js';
import { registerProjectRoutes } from './projectRoutes.js';
import { registerSessionRoutes } from './sessionRoutes.js';
import { registerStaticRoutes } from './staticRoutes.js';
import { registerTaskRoutes } from './taskRoutes.js';
import { registerUserRoutes } from './userRoutes.js';

/** Where `playground/build.ts` puts the built pages. */
export const DEFAULT_STATIC_DIR: string = fileURLToPath(new URL('../dist/', import.meta.url));

/** Default lifetime of a login token: five minutes. */
export const DEFAULT_TOKEN_TTL_MS = 5 * 60_000;

/** Options of {@link createPlaygroundServer}. */
export interface PlaygroundServerOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Folder of the built pages (`<dir>/solid/`, `/vue/`, `/vanilla/`). @default `playground/dist/` */
  staticDir?: string;
  /** Lifetime of a login token in ms. @default env `TOKEN_TTL_MS`, else 300000 */
  tokenTtlMs?: number;
  /** Every mutation under `/api` needs a Bearer token. @default env `REQUIRE_AUTH` is `1` or `true` */
  requireAuth?: boolean;
  /** Log each request (fastify's logger). @default false */
  logger?: boolean;
}

/** A running playground server. */
export interface PlaygroundServer {
  /** Its origin, e.g. `http://127.0.0.1:3000` (no trailing slash); the API is under `${url}/api`. */
  url: string;
  /** The fastify instance, e.g. for `inject()`. */
  app: FastifyInstance;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

function envTtl(): number | undefined {
  const raw = process.env.TOKEN_TTL_MS;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new TypeError(`createPlaygroundServer: env TOKEN_TTL_MS must be a positive integer of milliseconds, got ${JSON.stringify(raw)}`);
  return n;
}

/**
 * Starts the playground server: the team board REST API under `/api` (tasks, users, projects,
 * login, stats), the fault switches `/__control` and `/__reset`, and the built pages at
 * `/solid/`, `/vue/`, `/vanilla/` with an index at `/`. Every server starts from the seed board.
 * Errors reply `{ error, status }` with their status.
 * @example
 * const server = await createPlaygroundServer({ port: 0 });
 * await (await fetch(`${server.url}/api/tasks?projectId=1&status=todo`)).json();
 * await server.close();
 */
export async function createPlaygroundServer(options: PlaygroundServerOptions = {}): Promise<PlaygroundServer> {
  const { port = 0, host = '127.0.0.1', staticDir = DEFAULT_STATIC_DIR, logger = false } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(`createPlaygroundServer: option "port" must be an integer from 0 to 65535, got ${JSON.stringify(port)}`);
  }
  const tokenTtlMs = options.tokenTtlMs ?? envTtl() ?? DEFAULT_TOKEN_TTL_MS;
  if (!Number.isInteger(tokenTtlMs) || tokenTtlMs < 1) {
    throw new TypeError(`createPlaygroundServer: option "tokenTtlMs" must be a positive integer, got ${JSON.stringify(tokenTtlMs)}`);
  }
  const requireAuth = options.requireAuth ?? /^(1|true)$/i.test(process.env.REQUIRE_AUTH ?? '');
  const state = new PlaygroundState({ tokenTtlMs, requireAuth });

  const app = Fastify({ logger, forceCloseConnections: true });

  // The library sends `content-type: application/json` on every request, DELETE included, so an
  // empty body must parse (to undefined) rather than be the default parser's 400. JSON.parse keeps
  // `__proto__` an own key; route handlers read only the fields they know, as own properties.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, `${req.method} ${req.url}: the body is not valid JSON: ${JSON.stringify(text.slice(0, 80))}`), undefined);
    }
  });

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send({ error: error.message, status: error.status });
    }
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    const message = error instanceof Error ? error.message : String(error);
    if (status >= 500) req.log.error(error);
    return reply.code(status).send({ error: `${req.method} ${req.url}: ${message}`, status });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: `${req.method} ${req.url.split('?')[0]}: no such route`, status: 404 }));

  await registerCors(app);
  registerLiveRoutes(app, state);
  registerControlRoutes(app, state);
  registerApiIndex(app);
  registerSessionRoutes(app, state);
  registerTaskRoutes(app, state);
  registerUserRoutes(app, state);
  registerProjectRoutes(app, state);
  registerStaticRoutes(app, staticDir);

  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    app,
    close: () => app.close(),
  };
}
