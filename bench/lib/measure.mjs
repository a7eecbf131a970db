// Side-by-side timing on top of mitata's `measure`: every engine of a case is measured in
// several short rounds, and the engines take turns within each round (the starting engine
// rotates), so machine drift hits all of them alike. Samples of all rounds are pooled; the
// report is the median with the interquartile range as the spread.
import { measure, do_not_optimize } from 'mitata';

export { do_not_optimize };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 80);

export function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i), hi = Math.ceil(i);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
}

/**
 * Times each engine's `fn` (ns per call). An engine whose `fn` is missing is reported with
 * its `reason` (e.g. "not built"). `fn` may take one argument produced by `param()` per call
 * (untimed setup, e.g. a fresh state).
 *
 * @example
 * const r = await compare('normalizeLong', [{ name: 'floor', fn: () => floorNormalize(data) }]);
 * r.floor.median // ns per call
 */
export async function compare(engines, { rounds = ROUNDS, budgetMs = BUDGET_MS } = {}) {
  const pooled = new Map(engines.map(e => [e.name, []]));
  const live = engines.filter(e => typeof e.fn === 'function');
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < live.length; k++) {
      const e = live[(k + r) % live.length];
      if (e.slow) {
        // one timed call per round: for engines whose single call takes a large part of a second
        const x = e.param?.();
        const t0 = performance.now();
        do_not_optimize(e.fn(x));
        pooled.get(e.name).push((performance.now() - t0) * 1e6);
        continue;
      }
      const opts = { min_cpu_time: budgetMs * 1e6, min_samples: 3, warmup_samples: r === 0 ? 4 : 1 };
      if (e.param) opts.params = { 0: e.param };
      // a rest parameter keeps length 0, so mitata treats it as a plain function fed by `params`
      const stats = await measure(e.param ? (...x) => do_not_optimize(e.fn(x[0])) : () => do_not_optimize(e.fn()), opts);
      const into = pooled.get(e.name);
      for (const v of stats.samples) into.push(v);
    }
  }
  const out = {};
  for (const e of engines) {
    if (typeof e.fn !== 'function') { out[e.name] = { na: e.reason ?? 'n/a' }; continue; }
    const s = pooled.get(e.name).sort((a, b) => a - b);
    out[e.name] = { median: quantile(s, 0.5), p25: quantile(s, 0.25), p75: quantile(s, 0.75), samples: s.length };
  }
  return out;
}

/** Times one call of `fn` (ms), after `prepare()` ran untimed; median of `rounds` fresh runs. */
export async function timeOnce(prepare, fn, rounds = 7) {
  const times = [];
  let extra;
  for (let r = 0; r < rounds; r++) {
    const ctx = await prepare();
    globalThis.gc?.();
    const t0 = performance.now();
    extra = await fn(ctx);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p25: quantile(times, 0.25), p75: quantile(times, 0.75), samples: times.length, extra };
}

/** Formats ns as a short human figure. */
export function fmtTime(ns) {
  if (!Number.isFinite(ns)) return 'n/a';
  if (ns < 1e3) return `${ns.toFixed(1)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(2)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

/**
 * Fills `out[name]` (unless already set) with the nearest-rank median and quartiles of each
 * engine's update times (ms) and how many views its updates re-ran: the summary the fan-out and
 * stream cases share.
 * @example summarizeRuns({ ours: [0.9, 1.1] }, { ours: '1' }, out);
 */
export function summarizeRuns(times, reran, out) {
  for (const [name, t] of Object.entries(times)) {
    if (out[name] || !t.length) continue;
    t.sort((a, b) => a - b);
    const q = p => t[Math.round((t.length - 1) * p)];
    out[name] = { median: q(0.5), p25: q(0.25), p75: q(0.75), samples: t.length, reran: reran[name] };
  }
}
