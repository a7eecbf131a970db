import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_NAMES } from './staticRoutes.js';

/** One documented API route, as `GET /api/` lists it. */
export interface RouteDoc {
  method: string;
  path: string;
  what: string;
}

/** Every route the playground API answers, for the index at `/api/`. */
export const API_ROUTES: readonly RouteDoc[] = [
  { method: 'GET', path: '/api/tasks?projectId=1&status=todo&page=2', what: 'tasks, filtered; 20 a page ({ results, nextPage })' },
  { method: 'GET', path: '/api/tasks/:id', what: 'one task' },
  { method: 'POST', path: '/api/tasks', what: 'create a task (JSON body: title, projectId, status, assigneeId)' },
  { method: 'PUT', path: '/api/tasks/:id', what: 'replace a task' },
  { method: 'PATCH', path: '/api/tasks/:id', what: 'change some fields of a task (status moves it between columns)' },
  { method: 'DELETE', path: '/api/tasks/:id', what: 'delete a task (204)' },
  { method: 'GET', path: '/api/users', what: 'users, wrapped as { results }' },
  { method: 'GET', path: '/api/users/:id', what: 'one user' },
  { method: 'GET', path: '/api/projects', what: 'projects' },
  { method: 'GET', path: '/api/projects/:id', what: 'one project' },
  { method: 'GET', path: '/api/stats', what: 'counters, changing over time (poll it)' },
  { method: 'POST', path: '/api/login', what: '{ username, password } → { token, user }' },
  { method: 'POST', path: '/api/logout', what: 'forget the Bearer token' },
  { method: 'GET', path: '/api/me', what: 'the logged-in user (401 without a live token)' },
];

/** The fault switches, outside `/api`. */
export const CONTROL_ROUTES: readonly RouteDoc[] = [
  { method: 'GET', path: '/__control', what: 'the switches now' },
  { method: 'POST', path: '/__control', what: '{ delayMs?, failNext?: { status }, failPattern?, tokenTtlMs?, expireTokens? }' },
  { method: 'POST', path: '/__reset', what: 'restore the seed data, forget tokens, switches off' },
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function html(origin: string): string {
  const row = (r: RouteDoc) => {
    const code = `<code>${r.method} ${escapeHtml(r.path)}</code>`;
    const link = r.method === 'GET' && !r.path.includes(':') ? `<a href="${escapeHtml(r.path)}">${code}</a>` : code;
    return `<li>${link}: ${escapeHtml(r.what)}</li>`;
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rest-signals playground API</title><link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}code{font-size:.9em}</style></head>
<body><h1>rest-signals playground API</h1>
<p>Point an app at <code>urlPrefix: '${escapeHtml(origin)}/api'</code>. Pages on any localhost port may call it (CORS).</p>
<h2>Routes</h2><ul>${API_ROUTES.map(row).join('\n')}</ul>
<h2>Fault switches</h2><ul>${CONTROL_ROUTES.map(row).join('\n')}</ul>
<p>Per request: <code>?__delay=500&amp;__fail=500</code> or the headers <code>x-playground-delay</code> / <code>x-playground-fail</code>.</p>
<h2>Pages</h2><ul>${PAGE_NAMES.map(p => `<li><a href="/${p}/">${p}</a></li>`).join('\n')}</ul>
</body></html>
`;
}

/**
 * `GET /api/` (and `/api`): what the API answers: an HTML page for a browser, JSON
 * (`{ routes, control, pages }`) for anything else.
 * @example registerApiIndex(app);
 */
export function registerApiIndex(app: FastifyInstance): void {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const accept = String(req.headers.accept ?? '');
    if (accept.includes('text/html')) {
      return reply.type('text/html; charset=utf-8').send(html(`${req.protocol}://${req.host}`));
    }
    return { routes: API_ROUTES, control: CONTROL_ROUTES, pages: PAGE_NAMES.map(p => `/${p}/`) };
  };
  app.get('/api', handler);
  app.get('/api/', handler);
}
