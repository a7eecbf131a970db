// The loopback server a docs app talks to in its test: the todo API the pages read
// (`GET /api/todos?userId=1`, `PATCH /api/todos/:id`, as JSONPlaceholder answers them) and, for a
// built Vite app, its `dist/` folder at `/`, so the page and the API share one origin.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createTestServer, reply, type MemoryResource, type TestServer } from '../../server/createTestServer.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Two users' todos: the pages list user 1's. */
export const TODOS = [
  { id: 1, userId: 1, title: 'Read the getting-started page', completed: true },
  { id: 2, userId: 1, title: 'Write the resource', completed: false },
  { id: 3, userId: 1, title: 'Toggle a todo', completed: false },
  { id: 4, userId: 2, title: 'Someone else’s todo', completed: false },
];

export interface TodoApi {
  readonly server: TestServer;
  readonly todos: MemoryResource;
  /** Where the API is: the value of the page's `VITE_API_URL` / `API_URL`. */
  readonly apiUrl: string;
  /** Serves `dist` at `/` (`/` is its index.html; a favicon request gets an empty reply). */
  serve(dist: string): void;
  /** Puts the todos back as they were first served (a check toggles one). */
  reset(): void;
  /**
   * The API for a page served from another origin (a Nuxt or SolidStart server): a loopback front
   * that answers CORS preflights and adds `Access-Control-Allow-Origin` to what it forwards.
   */
  crossOrigin(): Promise<{ apiUrl: string; close(): Promise<void> }>;
}

async function corsFront(target: string): Promise<{ apiUrl: string; close(): Promise<void> }> {
  const front = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const forward = request(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, reply => {
      res.writeHead(reply.statusCode ?? 502, { ...reply.headers, ...cors });
      reply.pipe(res);
    });
    forward.on('error', error => res.destroy(error));
    req.pipe(forward);
  });
  await new Promise<void>(resolve => front.listen(0, '127.0.0.1', resolve));
  return {
    apiUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}/api`,
    close: () => new Promise<void>(resolve => {
      front.closeAllConnections();
      front.close(() => resolve());
    }),
  };
}

export async function startTodoApi(): Promise<TodoApi> {
  const server = await createTestServer();
  let dist: string | undefined;
  server.route('GET', '/{*path}', req => {
    if (dist === undefined) return reply(404, { error: 'no app served' });
    if (req.path === '/favicon.ico') return reply(204);
    const file = normalize(join(dist, req.path === '/' ? 'index.html' : decodeURIComponent(req.path)));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) return reply(404, { error: 'not found', path: req.path });
    return reply(200, readFileSync(file, 'utf8'), { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  });
  const todos = server.resource('/api/todos', TODOS);
  const reset = () => {
    todos.items.clear();
    for (const todo of TODOS) todos.items.set(String(todo.id), { ...todo });
  };
  return { server, todos, apiUrl: `${server.url}/api`, serve: d => void (dist = d), reset, crossOrigin: () => corsFront(server.url) };
}
