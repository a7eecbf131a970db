// `npm run bench [-- <filter> ...]`: runs every case family (or the cases whose name or family
// contains one of the filters), prints each case as it finishes, and after a full run writes
// bench/RESULTS.md and bench/results.svg. Re-spawns itself with --expose-gc when needed.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

if (typeof globalThis.gc !== 'function') {
  const r = spawnSync(process.execPath, ['--expose-gc', ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
// The anchors skip their development checks in production, as an app's build would.
process.env.NODE_ENV ??= 'production';

const FAMILIES = ['normalize', 'store', 'writeOne', 'listView', 'fanout', 'memory', 'bundle', 'stream'];
const filters = process.argv.slice(2).map(f => f.toLowerCase());
const filter = filters.length > 0;
const { printCase, writeReport } = await import('./lib/report.mjs');

const started = Date.now();
const results = [];
for (const family of FAMILIES) {
  const { cases } = await import(`./cases/${family}.mjs`);
  for (const c of cases) {
    if (filter && !filters.some(f => `${family} ${c.name}`.toLowerCase().includes(f))) continue;
    const t0 = Date.now();
    let timings;
    try {
      timings = await c.run();
    } catch (error) {
      timings = { error: String(error?.stack ?? error) };
    }
    const entry = { family, ...c, timings, seconds: (Date.now() - t0) / 1000 };
    results.push(entry);
    printCase(entry);
    globalThis.gc();
  }
}
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results));
console.log(`\n${results.length} case(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (filter) console.log('(filtered run: RESULTS.md not rewritten)');
else if (process.env.BENCH_OURS_DIST) console.log(`(ours from ${process.env.BENCH_OURS_DIST}: RESULTS.md not rewritten)`);
else await writeReport(results);
