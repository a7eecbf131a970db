// `npm start`: build the three pages, then serve them and the REST API from one origin.
import { buildPlayground } from './build.js';
import { DIST_DIR, PAGES } from './vite.config.js';
import { createPlaygroundServer } from './server/index.js';

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  throw new TypeError(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(process.env.PORT)}`);
}

console.log('Building the playground pages (solid, vue, vanilla)…');
await buildPlayground();
const { url, close } = await createPlaygroundServer({ port, host: '127.0.0.1', staticDir: DIST_DIR });
const base = url.replace(/\/$/, '');

console.log(`\nrest-signals playground on ${base}/`);
for (const page of PAGES) console.log(`  ${page.padEnd(8)} ${base}/${page}/`);
console.log(`  api      ${base}/api/ (tasks, users, projects, login, stats)`);
console.log(`\nLog in as ada / playground. Make requests slow or fail with POST ${base}/__control`);
console.log(`(e.g. {"delayMs":800} or {"failNext":{"status":500}}); POST ${base}/__reset restores the seed data.`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().then(() => process.exit(0));
  });
}
