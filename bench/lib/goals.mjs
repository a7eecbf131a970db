// The goals of issue 6, judged from a full run, and the RESULTS.md text around them.

const GOALS = {
  normalizeLong: { text: '≥ 1.5× DC 0.18 ops/s and ≤ 3× floor', judge: (r, c) => r.speed(c, 'DC 0.18 normalizr') >= 1.5 && r.xFloor(c, 'ours') <= 3 },
  'denormalizeLong withCache': { text: '≥ 1.0× DC 0.18', judge: (r, c) => r.speed(c, 'DC 0.18 normalizr') >= 1 },
  'denormalizeShort 500x': { text: '≥ 1.0× DC 0.18', judge: (r, c) => r.speed(c, 'DC 0.18 normalizr') >= 1 },
  setLong: { text: '≥ 1.5× DC 0.10', judge: (r, c) => r.speed(c, 'DC 0.10 core') >= 1.5 },
  'writeOne@100k': {
    text: 'ours @100k ≤ 1.3× ours @1k; ≥ 100× faster than DC (0.10 and 0.18) @100k',
    judge: (r, c) => {
      const one = r.byName['writeOne@1k']?.timings?.ours?.median;
      return one > 0 && c.timings.ours.median / one <= 1.3 && r.speed(c, 'DC 0.10 core') >= 100 && r.speed(c, 'DC 0.18 normalizr') >= 100;
    },
    figure: r => {
      const one = r.byName['writeOne@1k']?.timings?.ours?.median, big = r.byName['writeOne@100k']?.timings?.ours?.median;
      return one > 0 && big > 0 ? `@100k / @1k = ${(big / one).toFixed(2)}×` : '';
    },
  },
  ...Object.fromEntries(['1k', '10k', '100k'].map(n => [`listView@${n}`, {
    text: 'time beyond the no-view write ≤ 2× the floor (one copy of the list array)',
    judge: (r, c) => c.timings.ours.median - c.timings['no view'].median <= 2 * c.timings.floor.median,
    figure: (r, c) => `beyond no-view: ${((c.timings.ours.median - c.timings['no view'].median) / 1000).toFixed(2)} µs; row follows entity: ${(c.timings['row follows entity']?.median / 1000).toFixed(2)} µs`,
  }])),
  'fanout@10k': {
    text: 'only the 2 views showing the article re-run; ≥ 10× faster than TQ+normy',
    judge: (r, c) => c.timings.ours.reran === 2 && r.speed(c, 'TQ+normy') >= 10,
    figure: (r, c) => `ours re-ran ${c.timings.ours?.reran ?? '?'} views`,
  },
  'memory@100k': { text: 'bytes per entity ≤ DC 0.18', judge: (r, c) => c.timings.ours.median <= c.timings['DC 0.18 normalizr'].median },
  'bundle rest-signals': { text: '≤ 10 KiB min+gzip (with signals-core, path-to-regexp)', judge: (r, c) => c.timings.ours.median <= 10 * 1024 },
  'bundle rest-signals/solid': { text: '≤ 2 KiB min+gzip', judge: (r, c) => c.timings.ours.median <= 2 * 1024 },
  'bundle rest-signals/vue': { text: '≤ 2 KiB min+gzip', judge: (r, c) => c.timings.ours.median <= 2 * 1024 },
  'bundle Solid app': {
    text: '≤ 14 KiB min+gzip up front (below TanStack + normy) and ≤ 18 KiB with the chunks normal use loads (no larger than data-client 0.18.1)',
    judge: (r, c) => c.timings.ours.median <= 14 * 1024 && c.timings.ours.withChunks <= 18 * 1024,
    figure: (r, c) => `with chunks: ours ${c.timings.ours?.withChunks ?? '?'} B, DC 0.18.1 ${c.timings['DC 0.18.1 React']?.withChunks ?? 'n/a'} B`,
  },
  'bundle Vue app': {
    text: '≤ 14 KiB min+gzip up front (below TanStack + normy) and ≤ 18 KiB with the chunks normal use loads (no larger than data-client 0.18.1)',
    judge: (r, c) => c.timings.ours.median <= 14 * 1024 && c.timings.ours.withChunks <= 18 * 1024,
    figure: (r, c) => `with chunks: ours ${c.timings.ours?.withChunks ?? '?'} B, DC 0.18.1 ${c.timings['DC 0.18.1 Vue']?.withChunks ?? 'n/a'} B`,
  },
};

const ok = r => r && !r.na && Number.isFinite(r.median);

/** RESULTS.md builder and chart bars from the run's results. */
export function goals(results, { fmt, spread }) {
  const byName = Object.fromEntries(results.map(c => [c.name, c]));
  const helpers = {
    byName,
    // anchor time ÷ ours time (for sizes: anchor bytes ÷ ours bytes): > 1 means ours is better
    speed: (c, anchor) => (ok(c.timings[anchor]) && ok(c.timings.ours) ? c.timings[anchor].median / c.timings.ours.median : NaN),
    xFloor: (c, engine) => (ok(c.timings[engine]) && ok(c.timings.floor) ? c.timings[engine].median / c.timings.floor.median : NaN),
  };
  const num = (v, d = 2) => (Number.isFinite(v) ? `${v.toFixed(d)}×` : 'n/a');
  const bars = [];
  const rows = results.map(c => {
    if (c.timings.error) return `| ${c.name} | error: ${c.timings.error.split('\n')[0]} | | | | | | |`;
    const anchors = Object.keys(c.timings).filter(k => k !== 'ours' && k !== 'floor' && !k.startsWith('_'));
    const anchorCells = anchors.map(a => `${a}: ${fmt(c.timings[a], c.unit)}${c.timings[a].reran !== undefined ? ` (re-ran ${c.timings[a].reran})` : ''}`).join('<br>');
    const ratios = anchors.map(a => `vs ${a}: ${num(helpers.speed(c, a))}`).join('<br>');
    const floorRatios = ['ours', ...anchors].map(e => `${e}: ${num(helpers.xFloor(c, e))}`).join('<br>');
    const goal = GOALS[c.name];
    let verdict = '';
    if (goal) {
      let met;
      try { met = goal.judge(helpers, c); } catch { met = undefined; }
      const figure = goal.figure ? goal.figure(helpers, c) : '';
      verdict = `${goal.text}: **${met === true ? 'met' : ok(c.timings.ours) ? 'not met' : 'not measured'}**${figure ? ` (${figure})` : ''}`;
    }
    const primary = c.anchor ?? anchors[0];
    if (primary) bars.push({ label: `${c.name} vs ${primary}`, value: helpers.speed(c, primary) });
    const oursCell = `${fmt(c.timings.ours, c.unit)}${spread(c.timings.ours, c.unit)}${c.timings.ours?.reran !== undefined ? ` (re-ran ${c.timings.ours.reran})` : ''}`;
    return `| ${c.name} | ${c.timings.floor ? fmt(c.timings.floor, c.unit) : '-'} | ${oursCell} | ${anchorCells} | ${ratios} | ${floorRatios} | ${verdict} |`;
  });
  const md = ({ machine, date }) => `# rest-signals benchmarks

Generated by \`npm run bench\` (bench/run.mjs) on ${date}.
Machine: ${machine}.

Every figure is a median of pooled samples from several interleaved rounds (mitata 1.0.34's
\`measure\`; engines take turns within each round), with the interquartile range. Times are per
operation; memory is retained heap bytes per stored entity after GC; bundle sizes are
rollup + terser output compressed with node:zlib (gzip level 9; brotli in the notes).
"vs anchor" is anchor time ÷ ours (> 1: ours is faster / smaller). "× floor" is time ÷ floor time.

Anchors: \`@data-client/normalizr\` 0.18.1 driven by a small Entity class of our own written to
its schema protocol (bench/anchors/dc18Entity.mjs): the matching \`@data-client/endpoint\` is not
served by the registry here. \`@data-client/core\` 0.10.0 (what npm serves; it bundles its own
normalizr 0.10, for which bench/anchors/dc10Entity.mjs implements the older protocol) runs its own
reducer under a bare Controller, without React. \`@tanstack/query-core\` 5.104.0 with
\`@normy/query-core\` 0.21.0. Floors (bench/lib/floor.mjs) are the least work each job needs.

| case | floor | ours | anchors | ours vs anchor | × floor | goal |
|---|---|---|---|---|---|---|
${rows.join('\n')}

![ratios](results.svg)

## Notes
- The machine is shared: other work ran on its 2 cores during this run, so spreads (IQR) are wide
  and single figures can move by 2× between runs. Ratios within one case are the reliable part:
  engines were interleaved round by round.
- TanStack Query + normy at scale: adding 10,000 separate article queries one by one took 2.6 s
  for the first 1,000 and grows faster than N (normy updates its dependency tables per query),
  so in \`fanout@10k\` a TQ article view is a \`QueryObserver\` of the page query holding it, with
  \`select\` picking the article; "re-ran" counts selects and list listeners that ran.
  \`setNormalizedData\` took ≈ 1.6-2.3 s per write at 10k, so \`writeOne@100k\` leaves TQ out, and
  normalizing a single 100k list query did not finish in 2 minutes, so \`memory@100k\` leaves it out.
- DC 0.10 "views" are its selectors: after each store change every mounted \`useSuspense\`
  re-runs \`getResponse\`; the harness calls them the same way, without React.
- TQ observers are notified through \`notifyManager.setScheduler(queueMicrotask)\` (default is
  \`setTimeout(0)\`); every engine's fan-out time includes one \`setImmediate\` turn.
- Where a goal is not met, bench/PROFILE.md says what a CPU profile of the case shows.
- The data is generated (bench/data/generate.mjs) with the shape of the anchor's own benchmark
  data; \`node bench/data/check-shape.mjs\` compares it with ../shared/bench-data (not needed to run).

## Case definitions
${results.map(c => `- **${c.name}**: ${c.describe ?? ''}`).join('\n')}
`;
  return { md, bars };
}
