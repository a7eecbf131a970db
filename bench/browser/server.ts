import Fastify, { type FastifyInstance } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { article, author, generateArticles } from './data.js';

/** The largest list the API hands out (a guard against a typo'd `?n=`). */
export const MAX_ARTICLES = 100_000;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** A running benchmark server. */
export interface BenchServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * One loopback HTTP server for every engine: the built pages at `/<engine>/` (from `distDir`) and
 * the JSON API they all read (`GET /api/articles?n=`, `GET|PATCH /api/articles/:id`,
 * `PATCH /api/authors/:id`, `PATCH /api/echo/articles/:id` (the PATCH's reply, nothing kept),
 * `POST /__reset`). PATCHes are kept until the next reset, so a reply is
 * what a real server would send; the runner resets before each page load.
 * @example const server = await startBenchServer({ distDir }); await server.close();
 */
export async function startBenchServer(options: { distDir: string; port?: number }): Promise<BenchServer> {
  const app: FastifyInstance = Fastify({ logger: false });
  const titles = new Map<number, string>();
  const names = new Map<number, string>();
  const distDir = resolve(options.distDir);

  app.get<{ Querystring: { n?: string } }>('/api/articles', async (req, reply) => {
    const n = Number(req.query.n ?? 100);
    if (!Number.isInteger(n) || n < 0 || n > MAX_ARTICLES) {
      return reply.code(400).send({ error: `GET /api/articles: n must be an integer in 0..${MAX_ARTICLES}, got ${JSON.stringify(req.query.n)}` });
    }
    return generateArticles(n, titles, names);
  });
  app.get<{ Params: { id: string } }>('/api/articles/:id', async req => article(Number(req.params.id), titles, names));
  app.patch<{ Params: { id: string }; Body: { title?: unknown } }>('/api/articles/:id', async (req, reply) => {
    const id = Number(req.params.id);
    const title = req.body?.title;
    if (typeof title !== 'string') return reply.code(400).send({ error: `PATCH /api/articles/${id}: title must be a string` });
    titles.set(id, title);
    return article(id, titles, names);
  });
  // The browser's floor (no engine): the same reply as the PATCH above, nothing kept.
  app.patch<{ Params: { id: string }; Body: { title?: unknown } }>('/api/echo/articles/:id', async req => {
    const reply = article(Number(req.params.id), titles, names);
    return typeof req.body?.title === 'string' ? { ...reply, title: req.body.title } : reply;
  });
  app.patch<{ Params: { id: string }; Body: { name?: unknown } }>('/api/authors/:id', async (req, reply) => {
    const id = Number(req.params.id);
    const name = req.body?.name;
    if (typeof name !== 'string') return reply.code(400).send({ error: `PATCH /api/authors/${id}: name must be a string` });
    names.set(id, name);
    return author(id, names);
  });
  app.post('/__reset', async () => {
    titles.clear();
    names.clear();
    return { ok: true };
  });
  app.get('/*', async (req, reply) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = resolve(distDir, '.' + path);
    if (file !== distDir && !file.startsWith(distDir + sep)) return reply.code(404).send('not found');
    if (path.endsWith('/')) file = resolve(file, 'index.html');
    const isFile = await stat(file).then(s => s.isFile(), () => false);
    if (!isFile) return reply.code(404).send(`not found: ${path} (run the build first)`);
    reply.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    reply.header('cache-control', 'no-store');
    return reply.send(await readFile(file));
  });

  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return { origin: address.replace(/\/$/, ''), close: () => app.close() };
}
