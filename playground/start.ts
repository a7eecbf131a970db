// `npm start`: build the three pages, then serve them and the REST API from one origin.
import { buildPlayground } from './build.js';
import { DIST_DIR, PAGES } from './vite.config.js';
import { createPlaygroundServer } from './server/index.js';
import { choosePort } from './server/port.js';

const host = '127.0.0.1';
// Checked before the build, so a taken port is reported at once rather than after building.
const chosen = await choosePort(process.env.PORT, host).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
if (chosen.note) console.log(chosen.note);
const port = chosen.port;

console.log('Building the playground pages (solid, vue, vanilla)…');
await buildPlayground();
const { url, close } = await createPlaygroundServer({ port, host, staticDir: DIST_DIR });
const base = url.replace(/\/$/, '');

console.log(`\nrest-signals playground on ${base}/`);
for (const page of PAGES) console.log(`  ${page.padEnd(8)} ${base}/${page}/`);
console.log(`  api      ${base}/api/ (an index of the routes; any localhost origin may call it)`);
console.log(`\nLog in as ada / playground. Make requests slow or fail with POST ${base}/__control`);
console.log(`(e.g. {"delayMs":800} or {"failNext":{"status":500}}); POST ${base}/__reset restores the seed data.`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().then(() => process.exit(0));
  });
}
