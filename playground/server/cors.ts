import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Whether `origin` is a page served from this machine: `http(s)://localhost`, `127.x.x.x` or `[::1]`,
 * any port. A user's own Vite app (e.g. `http://localhost:5173`) is such a page.
 * @example isLocalOrigin('http://localhost:5173'); // true
 */
export function isLocalOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

/**
 * Lets pages on other localhost ports call the API. Requests from rest-signals carry
 * `content-type: application/json` (as data-client's do), so a cross-origin browser sends a preflight
 * `OPTIONS` first; this answers it (and every reply, errors and injected faults included, carries the
 * CORS headers, so the page can read the error). Origins that are not local get no CORS headers: the
 * playground is a development server, not a public API. `@fastify/cors` (fastify's own plugin) rather
 * than hand-written headers: preflight caching, `Vary: Origin` and credentialed requests are easy to
 * get subtly wrong.
 * Registered before the fault switches, so a preflight is never delayed or failed.
 * @example await registerCors(app);
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: (origin, done) => done(null, origin === undefined ? false : isLocalOrigin(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'authorization', 'x-playground-delay', 'x-playground-fail'],
    credentials: true,
    maxAge: 600,
  });
}
