// A loopback server for the matrix's pages: `GET /todos` (and `/todos/:id`) answers the list every
// app renders; any other path serves a built app's files (index.html for a path without a file).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { TODOS } from './projects.js';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

export interface AppServer {
  readonly url: string;
  /** The folder whose files are served (none: the API only). */
  serve(dir: string | undefined): void;
  close(): Promise<void>;
}

export async function startAppServer(): Promise<AppServer> {
  let root: string | undefined;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const todo = /^\/todos(?:\/(\d+))?$/.exec(path);
    if (todo) {
      const body = todo[1] === undefined ? TODOS : TODOS.find(t => t.id === Number(todo[1]));
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(body ?? { error: 'not found' }));
      return;
    }
    if (root === undefined) return void res.writeHead(404).end();
    let file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: dir => (root = dir),
    close: () => new Promise<void>(resolve => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
