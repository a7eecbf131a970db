import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/** The built pages, each served from `<staticDir>/<page>/` at `/<page>/`. */
export const PAGE_NAMES = ['solid', 'vue', 'vanilla'] as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(s => s.isFile(), () => false);
}

function indexPage(staticDir: string): string {
  const pages = PAGE_NAMES.map(p => {
    const built = existsSync(resolve(staticDir, p, 'index.html'));
    return built
      ? `<li><a href="/${p}/">${p}</a></li>`
      : `<li>${p}: not built (run <code>npx tsx playground/build.ts ${p}</code>)</li>`;
  }).join('\n');
  const api = [
    'GET /api/tasks?projectId=1&status=todo&page=2', 'GET /api/tasks/1', 'GET /api/users',
    'GET /api/projects', 'GET /api/stats', 'GET /__control',
  ].map(r => {
    const [, path] = r.split(' ');
    return `<li><a href="${path}"><code>${r}</code></a></li>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rest-signals playground</title><link rel="icon" href="data:,">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}code{font-size:.9em}</style></head>
<body><h1>rest-signals playground</h1>
<p>One team board, one set of resource definitions, three pages:</p>
<ul>
${pages}
</ul>
<h2>API</h2>
<ul>
${api}
</ul>
<p>Log in with any seeded username (e.g. <code>ada</code>) and the password <code>playground</code>.
Make requests slow or fail with <code>POST /__control</code> or <code>?__delay=500&amp;__fail=500</code>;
<code>POST /__reset</code> restores the seed data.</p>
</body></html>
`;
}

/**
 * Serves the built playground pages from `staticDir` (by default `playground/dist/`):
 * `GET /` is an index page linking the pages that are built and a few API addresses;
 * `GET /<page>` redirects to `/<page>/`; `GET /<page>/<file>` sends the file, and any other
 * address under `/<page>/` without a file extension gets that page's `index.html` (client-side
 * routes). Paths that resolve outside `<staticDir>/<page>/` are 404s.
 * @example registerStaticRoutes(app, resolve('playground/dist'));
 */
export function registerStaticRoutes(app: FastifyInstance, staticDir: string): void {
  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexPage(staticDir)));

  for (const page of PAGE_NAMES) {
    const root = resolve(staticDir, page);
    const send = async (reply: FastifyReply, file: string) =>
      reply
        .type(TYPES[extname(file)] ?? 'application/octet-stream')
        .header('cache-control', 'no-cache')
        .send(await readFile(file));

    app.get(`/${page}`, async (_req, reply) => reply.redirect(`/${page}/`));
    app.get(`/${page}/*`, async (req, reply) => {
      const rest = (req.params as { '*'?: string })['*'] ?? ''; // already percent-decoded by the router
      const file = resolve(root, rest || 'index.html');
      if (file !== root && !file.startsWith(root + sep)) return reply.code(404).send({ error: `GET ${req.url}: outside /${page}/` });
      if (await isFile(file)) return send(reply, file);
      const index = resolve(root, 'index.html');
      if (!extname(file) && (await isFile(index))) return send(reply, index);
      return reply.code(404).send({ error: `GET ${req.url}: no such file (is the ${page} page built?)` });
    });
  }
}
