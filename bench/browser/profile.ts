// `npm run bench:browser:profile`: a CPU profile (CDP `Profiler`, through playwright-core) of
// rest-signals' first render of 10,000 rows in Chromium, from navigation start to the last row in
// the DOM, and of single-title PATCH replies after it; the top self-time functions go to
// bench/BROWSER-PROFILE.md. Pages are built unminified so functions keep their names, and each
// is traced back to its source file through the bundle's `//#region <file>` markers.
//
// Environment: PROFILE_ENGINES (default rs-solid,rs-vue), PROFILE_N (default 10000), PROFILE_TOP
// (default 20), BENCH_OUT (a directory for the report instead of bench/).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { DIST_DIR, ENGINES, ENGINE_NAMES, buildPages, type EngineId } from './build.js';
import { startSession } from './session.js';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const env = process.env;
const engines = (env.PROFILE_ENGINES ?? 'rs-solid,rs-vue').split(',') as EngineId[];
for (const e of engines) if (!ENGINES.includes(e)) throw new TypeError(`PROFILE_ENGINES: unknown engine ${JSON.stringify(e)}`);
const N = Number(env.PROFILE_N ?? 10_000);
const TOP = Number(env.PROFILE_TOP ?? 20);
const PATCHES = 5;
const outDir = resolve(DIST_DIR, 'profile');

/** For each bundle line, the source file its `//#region` marker names. */
function regionsOf(engine: EngineId): { file: string; regions: { line: number; path: string }[] } {
  const assets = resolve(outDir, engine, 'assets');
  const file = readdirSync(assets).find(f => f.endsWith('.js'));
  if (!file) throw new Error(`profile: no bundle in ${assets}`);
  const regions: { line: number; path: string }[] = [];
  readFileSync(resolve(assets, file), 'utf8').split('\n').forEach((text, line) => {
    const m = /^\/\/#region (.+)$/.exec(text);
    if (m) regions.push({ line, path: m[1]!.replace(/^.*node_modules\//, '').replace(/^.*?\/(src|bench)\//, '$1/') });
  });
  return { file, regions };
}

function sourceOf(frame: CallFrame, bundle: ReturnType<typeof regionsOf>): string {
  if (!frame.url.endsWith(bundle.file)) return frame.url ? frame.url.replace(/^.*\//, '') : '';
  let path = '?';
  for (const r of bundle.regions) if (r.line <= frame.lineNumber) path = r.path; else break;
  return path;
}

/** Self time per function (ms), heaviest first, and the profile's total. */
function selfTimes(profile: CpuProfile, bundle: ReturnType<typeof regionsOf>): { total: number; rows: { name: string; source: string; ms: number }[] } {
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const totals = new Map<string, { name: string; source: string; ms: number }>();
  let total = 0;
  // timeDeltas[i + 1] is the time spent in sample i (until the next sample was taken)
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    const name = frame.functionName || '(anonymous)';
    const source = sourceOf(frame, bundle);
    const key = `${name}\u0000${source}\u0000${frame.lineNumber}`;
    const row = totals.get(key) ?? { name, source, ms: 0 };
    row.ms += ms;
    totals.set(key, row);
    total += ms;
  }
  return { total, rows: [...totals.values()].sort((a, b) => b.ms - a.ms) };
}

async function startProfiler(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}

function section(title: string, r: ReturnType<typeof selfTimes>): string {
  const rows = r.rows.slice(0, TOP).map(x => `| ${x.ms.toFixed(1)} | ${((x.ms / r.total) * 100).toFixed(1)} % | \`${x.name}\` | ${x.source} |`);
  return `### ${title}\n\nSampled ${r.total.toFixed(0)} ms in all.\n\n| self ms | share | function | source |\n|---|---|---|---|\n${rows.join('\n')}`;
}

await buildPages(engines, outDir, { minify: false });
const session = await startSession(outDir);
const sections: string[] = [];
try {
  for (const engine of engines) {
    const bundle = regionsOf(engine);
    const context = await session.browser.newContext();
    try {
      await fetch(`${session.origin}/__reset`, { method: 'POST' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await startProfiler(cdp);
      await page.goto(`${session.origin}/${engine}/?n=${N}`);
      const fr = await page.evaluate(() => window.bench.firstRender);
      const first = (await cdp.send('Profiler.stop')).profile as CpuProfile;
      sections.push(section(`${ENGINE_NAMES[engine]}: navigation → ${N.toLocaleString('en-US')} rows in the DOM (${fr.rowsAt.toFixed(0)} ms)`, selfTimes(first, bundle)));
      writeFileSync(resolve(outDir, `${engine}-first-render.cpuprofile`), JSON.stringify(first));

      await page.evaluate(() => window.bench.update('patch', 1, 'warm-up'));
      await cdp.send('Profiler.start');
      for (let i = 0; i < PATCHES; i++) await page.evaluate(([id, t]) => window.bench.update('patch', id, t), [1 + i * Math.floor(N / PATCHES), `profiled ${i}`] as const);
      const upd = (await cdp.send('Profiler.stop')).profile as CpuProfile;
      sections.push(section(`${ENGINE_NAMES[engine]}: ${PATCHES} single-title PATCH replies → DOM`, selfTimes(upd, bundle)));
      writeFileSync(resolve(outDir, `${engine}-patch.cpuprofile`), JSON.stringify(upd));
    } finally {
      await context.close();
    }
  }
} finally {
  await session.close();
}

const reportDir = env.BENCH_OUT ? resolve(env.BENCH_OUT) : fileURLToPath(new URL('..', import.meta.url));
writeFileSync(resolve(reportDir, 'BROWSER-PROFILE.md'), `# CPU profile of rest-signals in Chromium (\`npm run bench:browser:profile\`)

<!-- generated by bench/browser/profile.ts -->

${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}. Unminified production builds (the same pages as \`npm run bench:browser\`),
CDP \`Profiler\` sampling every 100 µs; self time per function, heaviest first ("(program)" is the browser's own
work: parsing, layout, style; "(garbage collector)" is V8's GC). Source files come from the bundle's region markers.
The \`.cpuprofile\` files are left in \`bench/browser/dist/profile/\` for Chromium DevTools.

${sections.join('\n\n')}
`);
console.log(`wrote ${reportDir}/BROWSER-PROFILE.md`);
