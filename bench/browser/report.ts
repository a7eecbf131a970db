// bench/BROWSER.md and bench/browser.svg from one run's samples.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { ENGINE_NAMES, FRAMEWORK, type EngineId } from './build.js';
import { summarize, type Summary } from './stats.js';

/** samples[engine][n][metric] → every value recorded. */
export type Samples = Partial<Record<EngineId, Record<number, Record<string, number[]>>>>;

/** What a run hands to the report. */
export interface RawResults {
  date: string;
  machine: string;
  /** 1-minute load average before and after the run. */
  load: readonly [number, number];
  rounds: number;
  updates: number;
  sizes: number[];
  seconds: number;
  localWrites: Partial<Record<EngineId, string>>;
  samples: Samples;
}

interface Scenario {
  metric: string;
  label: string;
  unit: 'ms' | 'MB';
  /** The chart's label. */
  short: string;
  /** The rows-rendered metric that goes with an update scenario. */
  rows?: string;
  /** A reference measured the same way in every page (no engine): shown, never compared. */
  reference?: true;
}

const SCENARIOS: Scenario[] = [
  { metric: 'firstRender', label: 'first render: navigation → all rows in the DOM', unit: 'ms', short: 'first render (navigation → rows)' },
  { metric: 'replyToRows', label: 'first render: list reply received → all rows in the DOM', unit: 'ms', short: 'first render (reply → rows)' },
  { metric: 'heapMB', label: 'JS heap after first render (after GC)', unit: 'MB', short: 'JS heap after first render' },
  { metric: 'patch', label: 'PATCH reply → new title in the DOM', unit: 'ms', short: 'PATCH reply → DOM', rows: 'patchRows' },
  { metric: 'local', label: 'title written locally → DOM', unit: 'ms', short: 'local write → DOM', rows: 'localRows' },
  { metric: 'author', label: 'author rename (10 rows) reply → DOM', unit: 'ms', short: 'author rename reply → DOM', rows: 'authorRows' },
  { metric: 'floor', label: 'browser floor, no engine: bare `fetch` of the same PATCH reply → its title in the DOM', unit: 'ms', short: 'browser floor', reference: true },
];

/** Each framework's rest-signals pages: the code users write first (`ours`) and the documented fast path (`fast`). */
const FRAMEWORKS = [
  { id: 'solid', title: 'Solid', ours: 'rs-solid' as EngineId, fast: 'rs-solid-fast' as EngineId, more: ['rs-solid2'] as EngineId[] },
  { id: 'vue', title: 'Vue', ours: 'rs-vue' as EngineId, fast: 'rs-vue-fast' as EngineId, more: [] as EngineId[] },
] as const;

const num = (v: number, unit: 'ms' | 'MB'): string => (unit === 'MB' ? v.toFixed(1) : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const cell = (s: Summary | undefined, unit: 'ms' | 'MB'): string =>
  s ? `${num(s.median, unit)} ${unit} <sub>(${num(s.p25, unit)}–${num(s.p75, unit)})</sub>` : '-';

function get(raw: RawResults, engine: EngineId, n: number, metric: string): Summary | undefined {
  return summarize(raw.samples[engine]?.[n]?.[metric] ?? []);
}

/** Peer median ÷ rest-signals median (> 1: rest-signals is faster / smaller). */
function ratio(raw: RawResults, peer: EngineId, ours: EngineId, n: number, metric: string): number | undefined {
  const a = get(raw, peer, n, metric), b = get(raw, ours, n, metric);
  return a && b && b.median > 0 ? a.median / b.median : undefined;
}

const fmtRatio = (r: number | undefined): string => (r === undefined ? '-' : r >= 10 ? `${r.toFixed(0)}×` : `${r.toFixed(2)}×`);

function rowsCell(raw: RawResults, engine: EngineId, n: number, metric: string): string {
  const all = raw.samples[engine]?.[n]?.[metric] ?? [];
  if (!all.length) return '-';
  const lo = Math.min(...all), hi = Math.max(...all);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

/**
 * rest-signals on Solid 2 beside it on Solid 1, both the README's first code: Solid 1's median ÷ Solid 2's
 * (> 1: the Solid 2 page is faster or smaller).
 */
function majorsTable(raw: RawResults, n: number): string {
  const [two, one] = ['rs-solid2', 'rs-solid'] as EngineId[];
  const head = `| Solid 2 beside Solid 1, ${n.toLocaleString('en-US')} rows | ${ENGINE_NAMES[two!]} | ${ENGINE_NAMES[one!]} | Solid 1 ÷ Solid 2 |`;
  const lines = SCENARIOS.filter(s => !s.reference).map(s =>
    `| ${s.label} | ${cell(get(raw, two!, n, s.metric), s.unit)} | ${cell(get(raw, one!, n, s.metric), s.unit)} | ${fmtRatio(ratio(raw, one!, two!, n, s.metric))} |`);
  const rows = SCENARIOS.filter(s => s.rows).map(s => `| rows rendered: ${s.label.split(' →')[0]} | ${rowsCell(raw, two!, n, s.rows!)} | ${rowsCell(raw, one!, n, s.rows!)} | |`);
  const first = `| rows rendered: first render | ${rowsCell(raw, two!, n, 'firstRenders')} | ${rowsCell(raw, one!, n, 'firstRenders')} | |`;
  return [head, '|---|---|---|---|', ...lines, first, ...rows].join('\n');
}

function table(raw: RawResults, fw: (typeof FRAMEWORKS)[number], n: number): string {
  const engines = (Object.keys(raw.samples) as EngineId[]).filter(e => FRAMEWORK[e] === fw.id);
  const mine = [fw.ours, fw.fast].filter(e => engines.includes(e));
  // other rest-signals pages are shown without ratios
  const more = fw.more.filter(e => engines.includes(e));
  const peers = engines.filter(e => e !== fw.ours && e !== fw.fast && !more.includes(e));
  const order = [...mine, ...more, ...peers];
  // one ratio column per peer and rest-signals page: the peer's median ÷ that page's median
  const pairs = peers.flatMap(p => mine.map(m => [p, m] as const));
  const pairHead = ([p, m]: readonly [EngineId, EngineId]): string => ` ${ENGINE_NAMES[p]} ÷ ${m === fw.fast ? 'ours (fast path)' : 'ours'} |`;
  const blank = pairs.map(() => ' |').join('');
  const head = `| ${fw.title}, ${n.toLocaleString('en-US')} rows | ${order.map(e => ENGINE_NAMES[e]).join(' | ')} |${pairs.map(pairHead).join('')}`;
  const sep = `|---|${order.map(() => '---|').join('')}${pairs.map(() => '---|').join('')}`;
  const lines = SCENARIOS.map(s => {
    const cells = order.map(e => cell(get(raw, e, n, s.metric), s.unit));
    const ratios = pairs.map(([p, m]) => (s.reference ? '' : fmtRatio(ratio(raw, p, m, n, s.metric))));
    return `| ${s.label} | ${cells.join(' | ')} |${ratios.map(r => ` ${r} |`).join('')}`;
  });
  const renders = SCENARIOS.filter(s => s.rows).map(s =>
    `| rows rendered: ${s.label.split(' →')[0]} | ${order.map(e => rowsCell(raw, e, n, s.rows!)).join(' | ')} |${blank}`);
  const first = `| rows rendered: first render | ${order.map(e => rowsCell(raw, e, n, 'firstRenders')).join(' | ')} |${blank}`;
  return [head, sep, ...lines, first, ...renders].join('\n');
}

/** The chart's bars: peer ÷ rest-signals for every update scenario and first render, at the largest n. */
function bars(raw: RawResults): { label: string; value: number }[] {
  const n = Math.max(...raw.sizes);
  const out: { label: string; value: number }[] = [];
  for (const fw of FRAMEWORKS) {
    const peers = (Object.keys(raw.samples) as EngineId[]).filter(e => FRAMEWORK[e] === fw.id && e !== fw.ours && e !== fw.fast && !fw.more.includes(e));
    for (const s of SCENARIOS.filter(x => x.metric !== 'replyToRows' && !x.reference)) {
      for (const p of peers) {
        for (const [m, what] of [[fw.ours, ''], [fw.fast, ' (fast path)']] as const) {
          if (!raw.samples[m]) continue;
          const r = ratio(raw, p, m, n, s.metric);
          out.push({ label: `${fw.title}${what} · ${s.short} · vs ${ENGINE_NAMES[p]}`, value: r ?? NaN });
        }
      }
    }
  }
  return out;
}

function svg(items: { label: string; value: number }[], caption: string): string {
  const rowH = 20, left = 440, width = 380, top = 44;
  const h = top + items.length * rowH + 44;
  const finite = items.map(b => b.value).filter(v => Number.isFinite(v) && v > 0);
  const max = Math.max(2, ...finite), min = Math.min(0.5, ...finite);
  const lo = Math.log10(min), hi = Math.log10(max);
  const x = (v: number): number => left + ((Math.log10(v) - lo) / (hi - lo)) * width;
  const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const rows = items.map((b, i) => {
    const y = top + i * rowH;
    const label = `<text x="${left - 8}" y="${y + 14}" text-anchor="end">${esc(b.label)}</text>`;
    if (!Number.isFinite(b.value) || b.value <= 0) return `${label}<text x="${left + 4}" y="${y + 14}" fill="#888">n/a</text>`;
    const x0 = x(1), x1 = x(b.value);
    const color = b.value >= 1 ? '#2a9d4b' : '#c0392b';
    return `${label}<rect x="${Math.min(x0, x1).toFixed(1)}" y="${y + 4}" width="${Math.max(1, Math.abs(x1 - x0)).toFixed(1)}" height="${rowH - 8}" fill="${color}"/>` +
      `<text x="${(Math.max(x0, x1) + 4).toFixed(1)}" y="${y + 14}">${b.value >= 10 ? b.value.toFixed(0) : b.value.toFixed(2)}×</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 70}" height="${h}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="20" font-size="14" font-weight="bold">Chromium, ${esc(caption)}: peer time ÷ rest-signals time (&gt;1 = rest-signals faster), medians, log scale</text>
<line x1="${x(1).toFixed(1)}" y1="${top - 4}" x2="${x(1).toFixed(1)}" y2="${h - 34}" stroke="#333" stroke-dasharray="3,3"/>
<text x="${x(1).toFixed(1)}" y="${h - 20}" text-anchor="middle">1×</text>
${rows.join('\n')}
<text x="10" y="${h - 6}" fill="#666" font-size="10">bench/BROWSER.md</text>
</svg>
`;
}

/**
 * Writes `BROWSER.md` and `browser.svg` into `outDir`.
 * @example writeBrowserReport(raw, 'bench');
 */
export function writeBrowserReport(raw: RawResults, outDir: string): void {
  const n = Math.max(...raw.sizes);
  const tables = FRAMEWORKS.flatMap(fw => raw.sizes.map(size => `### ${fw.title}, ${size.toLocaleString('en-US')} rows\n\n${table(raw, fw, size)}`));
  if (raw.samples['rs-solid2'] && raw.samples['rs-solid']) {
    tables.push(...raw.sizes.map(size => `### Solid 2 beside Solid 1, ${size.toLocaleString('en-US')} rows\n\n${majorsTable(raw, size)}`));
  }
  const writes = (Object.entries(raw.localWrites) as [EngineId, string][]).map(([e, w]) => `${ENGINE_NAMES[e]}: \`${w}\``).join('; ');
  const notesFile = fileURLToPath(new URL('NOTES.md', import.meta.url));
  const notes = existsSync(notesFile) ? `\n${readFileSync(notesFile, 'utf8').trim()}\n` : '';
  const md = `# Browser benchmark (\`npm run bench:browser\`)

<!-- generated by bench/browser/run.ts; the notes below the tables are kept by hand in bench/browser/NOTES.md -->
<!-- the #region markers name what docs/guide/performance.md includes -->

<!-- #region run -->
${raw.date.replace(/\.\d+Z$/, 'Z')} · ${raw.machine} · load average ${raw.load[0].toFixed(1)} before, ${raw.load[1].toFixed(1)} after ·
${raw.rounds} rounds, ${raw.updates} recorded updates of each kind per page load (after one warm-up), ${raw.seconds.toFixed(0)} s.

Each cell: median <sub>(25th–75th percentile)</sub> over every sample of every round. rest-signals runs twice per
framework: the README's first code (*ours*: rows taking the entity as a prop, over \`useSuspense\` of the list in Solid
and \`await useSuspense(…)\` in Vue) and the documented fast path for big lists (\`useMembers\` + \`useEntity\`
rows: *ours (fast path)*); *rest-signals · Solid 2* is that first code on Solid 2 (\`rest-signals/solid2\`, \`<Loading>\`),
compared with Solid 1's in its own table. Ratios: the peer's median ÷
that rest-signals page's median in the same framework (> 1: rest-signals is faster or smaller). Local writes: ${writes}.
<!-- #endregion run -->

![chart](browser.svg)

<!-- #region tables -->
${tables.join('\n\n')}
<!-- #endregion tables -->
${notes}`;
  writeFileSync(resolve(outDir, 'BROWSER.md'), md);
  writeFileSync(resolve(outDir, 'browser.svg'), svg(bars(raw), `${n.toLocaleString('en-US')} rows`));
}

// `npx tsx bench/browser/report.ts [results.json]` rewrites the report from a run's raw samples
// (e.g. after editing NOTES.md), without measuring again.
if (import.meta.url === `file://${process.argv[1]}`) {
  const file = resolve(process.argv[2] ?? fileURLToPath(new URL('../browser-results.json', import.meta.url)));
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawResults;
  writeBrowserReport(raw, resolve(file, '..'));
  console.log(`rewrote BROWSER.md and browser.svg beside ${file}`);
}
