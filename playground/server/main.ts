/**
 * Starts the playground server on `PORT` (default 3000) at 127.0.0.1 (`HOST` overrides) and prints
 * its addresses. `npx tsx playground/server/main.ts`; `TOKEN_TTL_MS` and `REQUIRE_AUTH` are read
 * by `createPlaygroundServer`. Ctrl-C stops it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createPlaygroundServer, DEFAULT_STATIC_DIR } from './createPlaygroundServer.js';
import { PAGE_NAMES } from './staticRoutes.js';

const port = process.env.PORT ? Number(process.env.PORT) : 3000;
const server = await createPlaygroundServer({ port, host: process.env.HOST || '127.0.0.1' });

const lines = [`rest-signals playground on ${server.url}/`];
for (const page of PAGE_NAMES) {
  const built = existsSync(resolve(DEFAULT_STATIC_DIR, page, 'index.html'));
  lines.push(`  ${page.padEnd(8)} ${built ? `${server.url}/${page}/` : `(not built: npx tsx playground/build.ts ${page})`}`);
}
lines.push(`  api      ${server.url}/api/tasks  (users, projects, stats, login, me)`);
lines.push(`  control  POST ${server.url}/__control  { delayMs, failNext, failPattern }   POST ${server.url}/__reset`);
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
