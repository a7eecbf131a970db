// `npm run bench:browser:phases`: where each engine's first render spends its time before and after
// the list's reply, from a Chromium performance trace of the same production pages `npm run
// bench:browser` measures (no page and no library code is instrumented). A page load has three
// phases: boot (navigation → the list's request sent: the script's download and evaluation, the
// app's and the client's construction), wait (request sent → reply received: the server and the
// network, the main thread mostly idle) and after (reply → every row in the DOM: parsing, the
// engine's store, the framework's mount). Each phase is charged with the renderer main thread's
// lazy compilations (V8 compiles a function the first time it is called: a count that does not
// depend on the machine's load, and the time they took), its garbage collections and its busy time
// (top-level tasks and microtask checkpoints). Tracing slows the page down, so every time here is
// larger than in `npm run bench:browser`: compare engines within one run, and read the compile
// counts first.
//
// Then one more load per engine with V8's precise coverage (call counts), the list's reply held
// back until the boot's counts are taken: how many distinct functions run, and how many calls they
// take, in boot and after the reply, per source file (through the bundle's source map), the
// engine's, the framework's and the page's code apart. These are exact counts, the same on any machine.
//
// Environment: PHASES_ENGINES (default rs-vue,colada,rs-solid,tq-solid), PHASES_N (default 1000),
// PHASES_ROUNDS (default 3; engines interleaved, the order reversed every other round),
// BENCH_PREBUILT=1 (skip the build).
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { DIST_DIR, ENGINES, ENGINE_NAMES, buildPages, type EngineId } from './build.js';
import { startSession, type BenchSession } from './session.js';
import { sourceFileLookup } from './sourceFiles.js';

const env = process.env;
const engines = (env.PHASES_ENGINES ?? 'rs-vue,colada,rs-solid,tq-solid').split(',') as EngineId[];
for (const e of engines) if (!ENGINES.includes(e)) throw new TypeError(`PHASES_ENGINES: unknown engine ${JSON.stringify(e)}; expected ${ENGINES.join(', ')}`);
const N = Number(env.PHASES_N ?? 1000);
const ROUNDS = Number(env.PHASES_ROUNDS ?? 3);
if (!(Number.isInteger(N) && N > 0 && ROUNDS >= 1)) throw new TypeError('bench:browser:phases: PHASES_N and PHASES_ROUNDS must be positive integers');

/** The trace categories: resource timing, top-level tasks, V8's compiles and collections. */
const CATEGORIES = ['devtools.timeline', 'toplevel', 'loading', 'blink.user_timing', 'v8', 'disabled-by-default-v8.compile'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; requestId?: string; documentLoaderURL?: string } };
}

/** One phase's main-thread figures, ms and counts. */
interface Phase { ms: number; compiles: number; compileMs: number; gcMs: number; busyMs: number }
const PHASES = ['boot', 'wait', 'after'] as const;
type Load = Record<(typeof PHASES)[number], Phase>;

/** Splits one page load's trace into the three phases (see the file comment); `rowsAtUs` is µs after navigation start. */
function phasesOf(events: TraceEvent[], rowsAtUs: number): Load {
  const parse = events.find(e => e.name === 'ParseHTML');
  if (!parse) throw new Error('phases: no ParseHTML in the trace (was the page loaded?)');
  const main = (e: TraceEvent) => e.pid === parse.pid && e.tid === parse.tid;
  const sends = events.filter(e => e.name === 'ResourceSendRequest');
  // the page's navigation start, the origin of `performance.now()` and so of `rowsAt`
  const doc = events.find(e => e.name === 'navigationStart' && /\/\?n=\d+$/.test(e.args?.data?.documentLoaderURL ?? ''));
  const list = sends.find(e => /\/api\/articles\?n=\d+$/.test(e.args?.data?.url ?? ''));
  const done = list && events.find(e => e.name === 'ResourceFinish' && e.args?.data?.requestId === list.args?.data?.requestId);
  if (!doc || !list || !done) throw new Error('phases: the trace lacks the navigation start, the list request or its end');
  const bounds = [doc.ts, list.ts, done.ts, doc.ts + rowsAtUs];
  const load = {} as Load;
  PHASES.forEach((name, i) => (load[name] = { ms: (bounds[i + 1]! - bounds[i]!) / 1000, compiles: 0, compileMs: 0, gcMs: 0, busyMs: 0 }));
  // busy: the union of the main thread's top-level tasks and microtask checkpoints (a checkpoint
  // runs inside a task or on its own, as the reply's promise reactions do); a task can span two
  // phases (the reply is handled inside one), so each phase gets its overlap
  const busy = events
    .filter(e => e.ph === 'X' && main(e) && e.dur !== undefined && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'BlinkScheduler_PerformMicrotaskCheckpoint'))
    .map(e => [e.ts, e.ts + e.dur!] as const)
    .sort((a, b) => a[0] - b[0]);
  let end = -Infinity;
  for (const [from, to] of busy) {
    const start = Math.max(from, end);
    if (to > start) PHASES.forEach((name, k) => (load[name].busyMs += Math.max(0, Math.min(to, bounds[k + 1]!) - Math.max(start, bounds[k]!)) / 1000));
    end = Math.max(end, to);
  }
  for (const e of events) {
    if (e.ph !== 'X' || !main(e) || e.dur === undefined) continue;
    const i = bounds.findIndex((b, k) => k < 3 && e.ts >= b && e.ts < bounds[k + 1]!);
    if (i < 0) continue;
    const phase = load[PHASES[i]!];
    if (e.name === 'V8.CompileCode') {
      phase.compiles++;
      phase.compileMs += e.dur / 1000;
    } else if (e.name === 'MinorGC' || e.name === 'MajorGC') phase.gcMs += e.dur / 1000;
  }
  return load;
}

/** Per source file: the distinct functions that ran and the calls they took. */
type Coverage = Map<string, { functions: number; calls: number }>;
interface PreciseCoverage { result: { url: string; functions: { ranges: { startOffset: number; count: number }[] }[] }[] }

/** A short name for a bundled source file: `src/core/…`, `pages/…`, or the npm package's name. */
function fileName(path: string | undefined): string {
  if (!path) return '?';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (pkg) return pkg[1]!;
  return path.replace(/^(\.\.\/)+/, '').replace(/^.*?\/((?:src|bench)\/)/, '$1');
}

/** One call-counted load of `engine`: what ran before the list's request went out, and after. */
async function coverageOf(s: BenchSession, engine: EngineId): Promise<Record<'boot' | 'after', Coverage>> {
  const assets = resolve(outDir, engine, 'assets');
  const file = readdirSync(assets).find(f => f.startsWith('index') && f.endsWith('.js'));
  if (!file) throw new Error(`phases: no bundle in ${assets}`);
  const code = readFileSync(resolve(assets, file), 'utf8');
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const fileAt = sourceFileLookup(JSON.parse(readFileSync(resolve(assets, `${file}.map`), 'utf8')));
  const sourceOf = (offset: number): string => {
    let lo = 0;
    for (let hi = lineStarts.length - 1; lo < hi; ) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return fileName(fileAt(lo, offset - lineStarts[lo]!));
  };
  const take = async (cdp: CDPSession): Promise<Coverage> => {
    // taking the counts resets them: the second take counts what ran since the first
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as PreciseCoverage;
    const byFile: Coverage = new Map();
    for (const script of result) {
      if (!script.url.endsWith(file)) continue;
      for (const f of script.functions) {
        const whole = f.ranges[0];
        if (!whole || whole.count === 0) continue;
        const name = sourceOf(whole.startOffset);
        const row = byFile.get(name) ?? { functions: 0, calls: 0 };
        row.functions++;
        row.calls += whole.count;
        byFile.set(name, row);
      }
    }
    return byFile;
  };
  await fetch(`${s.origin}/__reset`, { method: 'POST' });
  const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    let boot: Promise<Coverage> | undefined;
    // the reply is held back until the boot's counts are taken (a real reply would race them)
    await page.route(/\/api\/articles\?n=\d+$/, async route => {
      boot ??= take(cdp);
      await boot;
      await route.continue();
    });
    await page.goto(`${s.origin}/${engine}/?n=${N}`);
    await page.evaluate(() => window.bench.firstRender);
    if (!boot) throw new Error(`phases: ${engine} never requested the list`);
    return { boot: await boot, after: await take(cdp) };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// the bench's production pages, with source maps for the coverage's file names
const outDir = resolve(DIST_DIR, 'phases');
if (env.BENCH_PREBUILT !== '1') await buildPages(engines, outDir, { sourcemap: true });
const session = await startSession(outDir);
const coverage = new Map<EngineId, Record<'boot' | 'after', Coverage>>();
const loads = new Map<EngineId, Load[]>();
const loadBefore = os.loadavg()[0]!;
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const engine of round % 2 ? [...engines].reverse() : engines) {
      await fetch(`${session.origin}/__reset`, { method: 'POST' });
      const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await session.browser.startTracing(page, { categories: CATEGORIES });
        await page.goto(`${session.origin}/${engine}/?n=${N}`);
        const fr = await page.evaluate(() => window.bench.firstRender);
        const trace = JSON.parse((await session.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        const load = phasesOf(trace.traceEvents, fr.rowsAt * 1000);
        loads.set(engine, [...(loads.get(engine) ?? []), load]);
        console.log(`round ${round + 1}/${ROUNDS} ${ENGINE_NAMES[engine].padEnd(34)} ` +
          PHASES.map(p => `${p} ${load[p].ms.toFixed(0)} ms (${load[p].compiles} compiles)`).join('  '));
      } finally {
        await context.close();
      }
    }
  }
  for (const engine of engines) coverage.set(engine, await coverageOf(session, engine));
} finally {
  await session.close();
}

const cell = (xs: Load[], p: (typeof PHASES)[number], f: keyof Phase, digits = 0) => median(xs.map(l => l[p][f])).toFixed(digits);
console.log(`\n${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} · ${N.toLocaleString('en-US')} rows · ${ROUNDS} rounds, medians · ` +
  `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after · traced (times inflated)\n`);
console.log('| engine | phase | ms | lazy compiles | compile ms | GC ms | main thread busy ms |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [engine, xs] of loads) {
  for (const p of PHASES) {
    console.log(`| ${ENGINE_NAMES[engine]} | ${p} | ${cell(xs, p, 'ms')} | ${cell(xs, p, 'compiles')} | ${cell(xs, p, 'compileMs', 1)} | ${cell(xs, p, 'gcMs', 1)} | ${cell(xs, p, 'busyMs')} |`);
  }
}

/** Whose code a source file is: the framework's, the page's (the harness, rows) or the engine's (the library and what it bundles). */
const owner = (name: string): 'framework' | 'page' | 'engine' =>
  /^(@vue\/|vue$|solid-js$)/.test(name) ? 'framework' : /^(bench|pages)\//.test(name) ? 'page' : 'engine';
const OWNERS = ['engine', 'framework', 'page'] as const;
const total = (c: Coverage, who: (typeof OWNERS)[number]) => {
  let functions = 0;
  let calls = 0;
  for (const [name, row] of c) {
    if (owner(name) !== who) continue;
    functions += row.functions;
    calls += row.calls;
  }
  return `${functions} / ${calls.toLocaleString('en-US')}`;
};
console.log(`\nFunctions run / calls (precise coverage), by whose code: the engine (rest-signals' \`src/\` and what it bundles, or the peer's packages), the framework, the page.\n`);
console.log('| engine | phase | engine | framework | page |');
console.log('|---|---|---:|---:|---:|');
for (const [engine, c] of coverage) {
  for (const p of ['boot', 'after'] as const) console.log(`| ${ENGINE_NAMES[engine]} | ${p} | ${OWNERS.map(o => total(c[p], o)).join(' | ')} |`);
}
for (const [engine, c] of coverage) {
  console.log(`\n${ENGINE_NAMES[engine]}, after the reply, the engine's source files (distinct functions, calls):`);
  for (const [name, row] of [...c.after].filter(([n]) => owner(n) === 'engine').sort((a, b) => b[1].calls - a[1].calls)) {
    console.log(`  ${String(row.functions).padStart(4)} ${String(row.calls).padStart(8)}  ${name}`);
  }
}
