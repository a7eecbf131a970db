// `npm run bench:browser`: builds every engine's page (Vite, production), serves them and the API
// from one loopback server, and drives Debian's Chromium through playwright-core. Engines are
// interleaved within each round (the order rotates per round), every page load is a fresh browser
// context, and the results go to bench/BROWSER.md and bench/browser.svg.
//
// Environment: BENCH_ROUNDS (default 3), BENCH_UPDATES (recorded updates of each kind per load,
// default 3, after one unrecorded warm-up), BENCH_SIZES (default 1000,10000), BENCH_ENGINES (a
// comma list of ids, default all), BENCH_PREBUILT=1 (skip the build), BENCH_OUT (a directory for
// the report instead of bench/).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_DIR, ENGINES, ENGINE_NAMES, buildPages, type EngineId } from './build.js';
import { ARTICLES_PER_AUTHOR } from './data.js';
import { writeBrowserReport, type Samples } from './report.js';
import { startSession } from './session.js';

const env = process.env;
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const UPDATES = Number(env.BENCH_UPDATES ?? 3);
const SIZES = (env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const engines = (env.BENCH_ENGINES ? env.BENCH_ENGINES.split(',') : [...ENGINES]) as EngineId[];
for (const e of engines) if (!ENGINES.includes(e)) throw new TypeError(`BENCH_ENGINES: unknown engine ${JSON.stringify(e)}; expected ${ENGINES.join(', ')}`);
if (!(ROUNDS >= 1 && UPDATES >= 1 && SIZES.every(n => Number.isInteger(n) && n >= ARTICLES_PER_AUTHOR))) {
  throw new TypeError(`bench:browser: BENCH_ROUNDS and BENCH_UPDATES must be ≥ 1, BENCH_SIZES integers ≥ ${ARTICLES_PER_AUTHOR}`);
}

/** samples[engine][n][metric] = numbers */
const samples: Samples = {};
const localWrites: Partial<Record<EngineId, string>> = {};
const record = (engine: EngineId, n: number, metric: string, value: number): void => {
  ((samples[engine] ??= {})[n] ??= {})[metric] ??= [];
  samples[engine]![n]![metric]!.push(value);
};

if (env.BENCH_PREBUILT !== '1') {
  console.log(`building ${engines.length} pages (vite, production)…`);
  await buildPages(engines);
}
const session = await startSession(DIST_DIR);
const started = Date.now();
const chromium = session.browser.version();
const loadBefore = os.loadavg()[0]!;
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = engines.map((_, i) => engines[(i + round) % engines.length]!);
    for (const n of SIZES) {
      for (const engine of order) {
        const page = await session.load(engine, n);
        try {
          const fr = page.firstRender;
          record(engine, n, 'firstRender', fr.rowsAt);
          record(engine, n, 'replyToRows', fr.rowsAt - fr.listReplyAt);
          record(engine, n, 'heapMB', page.heapBytes / 1e6);
          record(engine, n, 'firstRenders', fr.renders);
          localWrites[engine] = page.localWrite;
          // Targets spread over the list; each update writes a text never shown before.
          for (let k = 0; k <= UPDATES; k++) {
            const id = 1 + Math.floor(((k * 7 + round * 3 + 1) % 97) / 97 * n);
            const authorId = 1 + Math.floor(((k * 11 + round * 5 + 2) % 89) / 89 * (n / ARTICLES_PER_AUTHOR));
            const tag = `r${round}u${k}`;
            const patch = await page.update('patch', id, `patched ${tag}`);
            const local = await page.update('local', id === 1 ? 2 : id - 1, `local ${tag}`);
            const author = await page.update('author', authorId, `renamed ${tag}`);
            const floor = await page.floor(id, `echoed ${tag}`);
            if (k === 0) continue; // warm-up
            record(engine, n, 'floor', floor);
            record(engine, n, 'patch', patch.replyToDom ?? NaN);
            record(engine, n, 'patchAction', patch.actionToDom);
            record(engine, n, 'patchRows', patch.rowsRendered);
            record(engine, n, 'local', local.actionToDom);
            record(engine, n, 'localRows', local.rowsRendered);
            record(engine, n, 'author', author.replyToDom ?? NaN);
            record(engine, n, 'authorAction', author.actionToDom);
            record(engine, n, 'authorRows', author.rowsRendered);
          }
          if (page.errors.length) throw new Error(page.errors.join('\n'));
          console.log(`round ${round + 1}/${ROUNDS}  n=${String(n).padEnd(6)} ${ENGINE_NAMES[engine].padEnd(22)} first render ${fr.rowsAt.toFixed(0).padStart(5)} ms  heap ${(page.heapBytes / 1e6).toFixed(1)} MB`);
        } finally {
          await page.close();
        }
      }
    }
  }
} finally {
  await session.close();
}

const seconds = (Date.now() - started) / 1000;
const outDir = env.BENCH_OUT ? resolve(env.BENCH_OUT) : resolve(fileURLToPath(new URL('..', import.meta.url)));
const machine = `${os.type()} ${os.release()} ${os.arch()}, ${os.cpus()[0]?.model ?? 'cpu?'} × ${os.cpus().length}, Node ${process.version}, Chromium ${chromium}`;
const load = [loadBefore, os.loadavg()[0]!] as const;
const raw = { date: new Date().toISOString(), machine, load, rounds: ROUNDS, updates: UPDATES, sizes: SIZES, seconds, localWrites, samples };
writeFileSync(resolve(outDir, 'browser-results.json'), JSON.stringify(raw, null, 1) + '\n');
writeBrowserReport(raw, outDir);
console.log(`done in ${seconds.toFixed(0)} s: wrote ${outDir}/BROWSER.md, browser.svg, browser-results.json`);
