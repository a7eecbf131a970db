// The REST API the example apps (`examples/nuxt`, `examples/solid-start`) run against in their tests:
// loopback only, with CORS for the browser, a log of every request it answered (who asked, for
// what), per-account data behind `Authorization: Bearer <account>`, a route that always fails
// and a reply delay so that concurrent server renders overlap.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the API answered. */
export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly account: string | undefined;
  /** `server` when the example's server render asked (Node's fetch sends no `Origin`), `browser` otherwise. */
  readonly from: 'server' | 'browser';
}

interface Task {
  id: number;
  title: string;
  done: boolean;
  owner: string;
}

/** The running API: its origin, its request log, and how to stop it. */
export interface ApiServer {
  readonly url: string;
  readonly log: LoggedRequest[];
  /** How long each GET waits before replying, in ms (the concurrency test raises it). */
  delayMs: number;
  /** How long a PATCH waits before replying, in ms (long enough to see the optimistic row). */
  patchDelayMs: number;
  close(): Promise<void>;
}

function seed(): Task[] {
  return [
    { id: 1, title: 'Alice: write the report', done: false, owner: 'alice' },
    { id: 2, title: 'Alice: review the budget', done: true, owner: 'alice' },
    { id: 3, title: 'Alice: book the venue', done: false, owner: 'alice' },
    { id: 11, title: 'Bob: fix the boiler', done: false, owner: 'bob' },
    { id: 12, title: 'Bob: call the bank', done: false, owner: 'bob' },
  ];
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * Starts the API on 127.0.0.1 (a free port). Routes: `GET /tasks` (the account's tasks),
 * `GET /tasks/:id`, `PATCH /tasks/:id`, `GET /motd` (no account needed), `GET /broken` (always 503).
 * @example
 * const api = await startApiServer();
 * await fetch(`${api.url}/tasks`, { headers: { Authorization: 'Bearer alice' } });
 * await api.close();
 */
export async function startApiServer(port = 0): Promise<ApiServer> {
  const tasks = seed();
  const log: LoggedRequest[] = [];
  const api = { delayMs: 20, patchDelayMs: 600 };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, PATCH, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const account = /^Bearer (\w+)$/.exec(req.headers.authorization ?? '')?.[1];
    log.push({ method: req.method ?? 'GET', path, account, from: origin === undefined ? 'server' : 'browser' });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    };
    if (req.method === 'GET') await sleep(api.delayMs);
    if (path === '/motd') return json(200, { text: 'Tip: every row is one signal.' });
    if (path === '/broken') return json(503, { message: 'The reports service is down' });
    if (account === undefined) return json(401, { message: 'No account' });
    const mine = tasks.filter(t => t.owner === account);
    if (path === '/tasks' && req.method === 'GET') return json(200, mine);
    const match = /^\/tasks\/(\d+)$/.exec(path);
    const task = match ? mine.find(t => t.id === Number(match[1])) : undefined;
    if (task === undefined) return json(404, { message: `No task ${path}` });
    if (req.method === 'GET') return json(200, task);
    if (req.method === 'PATCH') {
      const patch = await body(req);
      await sleep(api.patchDelayMs);
      if (typeof patch.title === 'string') task.title = `${patch.title} (saved)`;
      if (typeof patch.done === 'boolean') task.done = patch.done;
      return json(200, task);
    }
    return json(405, { message: `${req.method} not allowed` });
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(error => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>(resolve => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(api, {
    url: `http://127.0.0.1:${bound}`,
    log,
    close: () => new Promise<void>(resolve => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
}
