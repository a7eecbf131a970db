// `npm run bench:browser:profile`: a CPU profile (CDP `Profiler`, through playwright-core) of
// rest-signals' first render of 10,000 rows in Chromium, from navigation start to the last row in
// the DOM, and of single-title PATCH replies after it; the top self-time functions go to
// bench/BROWSER-PROFILE.md. Pages are built unminified so functions keep their names, and each
// is traced back to its source file through the bundle's source map.
//
// Environment: PROFILE_ENGINES (default rs-solid,rs-vue), PROFILE_N (default 10000), PROFILE_TOP
// (default 20), BENCH_OUT (a directory for the report instead of bench/).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { DIST_DIR, ENGINES, ENGINE_NAMES, buildPages, type EngineId } from './build.js';
import { startSession } from './session.js';
import { sourceFileLookup } from './sourceFiles.js';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const env = process.env;
const engines = (env.PROFILE_ENGINES ?? 'rs-solid,rs-vue').split(',') as EngineId[];
for (const e of engines) if (!ENGINES.includes(e)) throw new TypeError(`PROFILE_ENGINES: unknown engine ${JSON.stringify(e)}`);
const N = Number(env.PROFILE_N ?? 10_000);
const TOP = Number(env.PROFILE_TOP ?? 20);
const PATCHES = 5;
const INTERVAL_US = 100;
const MAX_DELTA_US = 10 * INTERVAL_US;
const outDir = resolve(DIST_DIR, 'profile');

interface Bundle { file: string; fileAt: (line: number, column: number) => string | undefined }

/** The page's bundle and, through its source map, the source file of any position in it. */
function bundleOf(engine: EngineId): Bundle {
  const assets = resolve(outDir, engine, 'assets');
  // the entry chunk (lazily loaded chunks such as devtools come apart)
  const files = readdirSync(assets).filter(f => f.endsWith('.js'));
  const file = files.find(f => f.startsWith('index')) ?? files[0];
  if (!file) throw new Error(`profile: no bundle in ${assets}`);
  return { file, fileAt: sourceFileLookup(JSON.parse(readFileSync(resolve(assets, `${file}.map`), 'utf8'))) };
}

/** A short, machine-independent name for a source file: `src/core/…`, `vue/…`, `bench/…`. */
function shortPath(path: string | undefined): string {
  if (!path) return '?';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/)?(.*)$/.exec(path);
  if (pkg) return `${pkg[1]}/${pkg[2]}`;
  return path.replace(/^(\.\.\/)+/, '');
}

const PSEUDO = new Set(['(program)', '(idle)', '(garbage collector)', '(root)']);

interface SelfTimes {
  /** Sampled time of the browser's own work, idle and GC, ms. */
  pseudo: Record<string, number>;
  /** Sampled time in JavaScript functions, ms. */
  js: number;
  rows: { name: string; source: string; ms: number }[];
}

/** Self time per JavaScript function (ms), heaviest first, and the pseudo-nodes' totals. */
function selfTimes(profile: CpuProfile, bundle: Bundle): SelfTimes {
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const totals = new Map<string, { name: string; source: string; ms: number }>();
  const pseudo: Record<string, number> = {};
  let js = 0;
  // timeDeltas[i + 1] is the time spent in sample i (until the next sample was taken), capped at
  // ten sampling intervals: on a busy machine the renderer is sometimes descheduled, and one sample
  // would otherwise be charged the whole pause.
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = Math.min(profile.timeDeltas[i + 1] ?? 0, MAX_DELTA_US) / 1000;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    const name = frame.functionName || '(anonymous)';
    if (PSEUDO.has(name)) {
      pseudo[name] = (pseudo[name] ?? 0) + ms;
      continue;
    }
    const source = frame.url.endsWith(bundle.file) ? shortPath(bundle.fileAt(frame.lineNumber, frame.columnNumber)) : '(native)';
    const key = `${name}\u0000${source}`;
    const row = totals.get(key) ?? { name, source, ms: 0 };
    row.ms += ms;
    totals.set(key, row);
    js += ms;
  }
  return { pseudo, js, rows: [...totals.values()].sort((a, b) => b.ms - a.ms) };
}

/**
 * Total time (self and callees) per function of the library and the page (`src/…`, `pages/…`) and
 * of the framework's component setup, heaviest first: where a phase of the first render goes
 * (normalize, denormalize, each row's setup, the bridge from store signals to the framework).
 * A function that recurses counts once per sample.
 */
function inclusiveTimes(profile: CpuProfile, bundle: Bundle): { name: string; source: string; ms: number }[] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const label = new Map<number, { key: string; name: string; source: string } | null>();
  const labelOf = (id: number) => {
    let l = label.get(id);
    if (l !== undefined) return l;
    const frame = byId.get(id)!.callFrame;
    const name = frame.functionName || '(anonymous)';
    const source = frame.url.endsWith(bundle.file) ? shortPath(bundle.fileAt(frame.lineNumber, frame.columnNumber)) : '';
    const wanted = /^(src|pages)\//.test(source) || /^(setupComponent|mountComponent|setupStatefulComponent|callWithErrorHandling|renderComponentRoot|mountChildren|patch|JSON\.parse|json)$/.test(name);
    l = wanted ? { key: `${name}\u0000${source}`, name, source: source || '(native)' } : null;
    label.set(id, l);
    return l;
  };
  const totals = new Map<string, { name: string; source: string; ms: number }>();
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = Math.min(profile.timeDeltas[i + 1] ?? 0, MAX_DELTA_US) / 1000;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const l = labelOf(id);
      if (l === null || seen.has(l.key)) continue;
      seen.add(l.key);
      const row = totals.get(l.key) ?? { name: l.name, source: l.source, ms: 0 };
      row.ms += ms;
      totals.set(l.key, row);
    }
  }
  return [...totals.values()].sort((a, b) => b.ms - a.ms);
}

function inclusiveSection(title: string, rows: { name: string; source: string; ms: number }[]): string {
  const lines = rows.slice(0, TOP).map(x => `| ${x.ms.toFixed(1)} | \`${x.name}\` | ${x.source} |`);
  return `### ${title}: total time per function (self and callees)\n\n| total ms | function | source |\n|---|---|---|\n${lines.join('\n')}`;
}

async function startProfiler(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  await cdp.send('Profiler.start');
}

function section(title: string, r: SelfTimes): string {
  const ms = (name: string): string => `${(r.pseudo[name] ?? 0).toFixed(0)} ms`;
  const rows = r.rows.slice(0, TOP).map(x => `| ${x.ms.toFixed(1)} | ${((x.ms / r.js) * 100).toFixed(1)} % | \`${x.name}\` | ${x.source} |`);
  return `### ${title}\n\nJavaScript ${r.js.toFixed(0)} ms; the browser's own work (program: parse, style, layout) ${ms('(program)')}; ` +
    `garbage collection ${ms('(garbage collector)')}; idle ${ms('(idle)')}.\n\n` +
    `| self ms | share of JS | function | source |\n|---|---|---|---|\n${rows.join('\n')}`;
}

await buildPages(engines, outDir, { minify: false, sourcemap: true });
const session = await startSession(outDir);
const sections: string[] = [];
try {
  for (const engine of engines) {
    const bundle = bundleOf(engine);
    const context = await session.browser.newContext();
    try {
      await fetch(`${session.origin}/__reset`, { method: 'POST' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await startProfiler(cdp);
      await page.goto(`${session.origin}/${engine}/?n=${N}`);
      const fr = await page.evaluate(() => window.bench.firstRender);
      const first = (await cdp.send('Profiler.stop')).profile as CpuProfile;
      const firstTitle = `${ENGINE_NAMES[engine]}: navigation → ${N.toLocaleString('en-US')} rows in the DOM`;
      sections.push(section(`${firstTitle} (${fr.rowsAt.toFixed(0)} ms)`, selfTimes(first, bundle)));
      sections.push(inclusiveSection(firstTitle, inclusiveTimes(first, bundle)));
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
CDP \`Profiler\` sampling every 100 µs (a gap between two samples counts at most 1 ms, so a pause of the
whole renderer on a busy machine is not charged to one function), from before navigation until the rows are shown (two frames later);
self time per JavaScript function, heaviest first, with the browser's own work, GC and idle time given apart.
Source files come from the bundle's source map.
The \`.cpuprofile\` files are left in \`bench/browser/dist/profile/\` for Chromium DevTools.

${sections.join('\n\n')}
`);
console.log(`wrote ${reportDir}/BROWSER-PROFILE.md`);
