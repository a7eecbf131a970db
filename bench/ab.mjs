// `node bench/ab.mjs <distA> <distB> [--rounds N] [filter ...]`: an A/B of two builds of the package in
// one run. Rounds alternate the order (A B, B A, ...), each side in its own process, so drift in the
// machine's load lands on both. Prints, per case and column, the median over rounds of each side's
// median and B ÷ A. Every column is shown: the anchors' and the floor's do not change between sides,
// so their B ÷ A is the run's noise. Build each side first (`npm run build` in its checkout); the
// bundle family is left out: sizes need no A/B (`npm run size`).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quantile } from './lib/measure.mjs';
import { fmt } from './lib/report.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--rounds');
const rounds = at >= 0 ? Number(args.splice(at, 2)[1]) : 3;
const [a, b, ...filters] = args;
if (!a || !b || !(rounds > 0)) {
  console.error('usage: node bench/ab.mjs <distA> <distB> [--rounds N] [filter ...]');
  process.exit(2);
}
const families = filters.length ? filters : ['normalize', 'store', 'writeOne', 'listView', 'fanout', 'memory', 'stream'];
const run = fileURLToPath(new URL('./run.mjs', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bench-ab-'));
const given = { A: resolve(a), B: resolve(b) };
// Each build is copied under this checkout's node_modules, so both import the same
// @preact/signals-core as the cases' `effect`: from a build's own checkout, a second copy of the
// signals would leave the cases' effects untracked, and its views would fail their checks or cost less.
const copies = fileURLToPath(new URL('../node_modules/.cache/bench-ab/', import.meta.url));
rmSync(copies, { recursive: true, force: true });
const sides = {};
for (const side of ['A', 'B']) {
  sides[side] = join(copies, side);
  cpSync(given[side], sides[side], { recursive: true });
}
/** case name → column → { A, B: medians, one per round; na: why a side has none; rel: medians ÷ the anchor's } */
const seen = new Map();
const unit = new Map();

for (let r = 0; r < rounds; r++) {
  for (const side of r % 2 ? ['B', 'A'] : ['A', 'B']) {
    const out = join(tmp, `${side}${r}.json`);
    console.log(`round ${r + 1}/${rounds}: ${side} (${given[side]})`);
    const p = spawnSync(process.execPath, ['--expose-gc', run, ...families], {
      env: { ...process.env, BENCH_OURS_DIST: sides[side], BENCH_JSON: out },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (p.status !== 0) throw new Error(`bench run for ${side} exited ${p.status}`);
    for (const c of JSON.parse(readFileSync(out, 'utf8'))) {
      unit.set(c.name, c.unit);
      for (const [column, t] of Object.entries(c.timings ?? {})) {
        if (column.startsWith('_') || !t) continue;
        const byCol = seen.get(c.name) ?? new Map();
        seen.set(c.name, byCol);
        const bySide = byCol.get(column) ?? { A: [], B: [], na: {}, rel: { A: [], B: [] } };
        byCol.set(column, bySide);
        if (typeof t.median === 'number') bySide[side].push(t.median);
        else if (t.na) bySide.na[side] = t.na;
        const anchor = c.timings[c.anchor]?.median;
        if (column !== c.anchor && typeof t.median === 'number' && anchor > 0) bySide.rel[side].push(t.median / anchor);
      }
    }
  }
}
rmSync(tmp, { recursive: true, force: true });
rmSync(copies, { recursive: true, force: true });

const median = xs => quantile([...xs].sort((x, y) => x - y), 0.5);
const show = (v, u) => fmt({ median: v }, u);
const spread = xs => `${((Math.max(...xs) / Math.min(...xs) - 1) * 100).toFixed(0)} %`;
console.log(`\nA = ${given.A}\nB = ${given.B}\n${rounds} round(s), order alternating\n`);
console.log('"vs anchor": each round\'s figure ÷ the case\'s anchor measured in the same process, then B ÷ A of their medians;');
console.log('it takes out a slot that ran slow for every engine.\n');
console.log('| case | column | A | B | B ÷ A | B ÷ A vs anchor | A spread | B spread |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name, byCol] of seen) {
  for (const [column, { A, B, na, rel }] of byCol) {
    if (!A.length || !B.length) {
      console.log(`| ${name} | ${column} | ${A.length ? '' : `n/a (${na.A ?? 'absent'})`} | ${B.length ? '' : `n/a (${na.B ?? 'absent'})`} | | | | |`);
      continue;
    }
    const u = unit.get(name);
    const vsAnchor = rel.A.length && rel.B.length ? (median(rel.B) / median(rel.A)).toFixed(2) : 'anchor';
    console.log(`| ${name} | ${column} | ${show(median(A), u)} | ${show(median(B), u)} | ${(median(B) / median(A)).toFixed(2)} | ${vsAnchor} | ${spread(A)} | ${spread(B)} |`);
  }
}
