// Console lines per case, and RESULTS.md + results.svg after a full run.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fmtTime } from './measure.mjs';
import { goals } from './goals.mjs';

export const fmt = (r, unit) => {
  if (!r) return '-';
  if (r.na) return `n/a (${r.na})`;
  if (unit === 'bytes') return `${Math.round(r.median).toLocaleString('en-US')} B`;
  if (unit === 'ms') return `${r.median.toFixed(2)} ms`;
  return fmtTime(r.median);
};
const spread = (r, unit) => (!r || r.na || r.p25 === undefined ? '' : unit === 'bytes' ? '' : ` (IQR ${fmt({ median: r.p25 }, unit)}–${fmt({ median: r.p75 }, unit)})`);

export function printCase(entry) {
  const { name, timings, unit } = entry;
  console.log(`\n■ ${name}  [${entry.seconds.toFixed(1)} s]`);
  if (timings.error) return console.log(`  ERROR ${timings.error}`);
  const floor = timings.floor?.median;
  for (const [engine, r] of Object.entries(timings)) {
    if (engine.startsWith('_')) continue;
    const xf = floor && r.median ? `  ${(r.median / floor).toFixed(2)}× floor` : '';
    const extra = r.reran !== undefined ? `  re-ran ${r.reran}` : r.note ? `  ${r.note}` : '';
    console.log(`  ${engine.padEnd(22)} ${fmt(r, unit)}${spread(r, unit)}${xf}${extra}`);
  }
}

export async function writeReport(results) {
  const machine = `${os.type()} ${os.release()} ${os.arch()}, ${os.cpus()[0]?.model ?? 'cpu?'} × ${os.cpus().length}, Node ${process.version}`;
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const { md, bars } = goals(results, { fmt, spread });
  writeFileSync(new URL('../RESULTS.md', import.meta.url), md({ machine, date }));
  writeFileSync(new URL('../results.svg', import.meta.url), svg(bars, date));
  console.log('wrote bench/RESULTS.md and bench/results.svg');
}

/** A plain horizontal bar chart of speed ratios (log scale, 1× marked). */
function svg(bars, date) {
  const rowH = 22, left = 340, width = 420, top = 40;
  const h = top + bars.length * rowH + 40;
  const max = Math.max(2, ...bars.map(b => (Number.isFinite(b.value) ? b.value : 0)));
  const min = Math.min(0.5, ...bars.map(b => (Number.isFinite(b.value) && b.value > 0 ? b.value : 1)));
  const lo = Math.log10(min), hi = Math.log10(max);
  const x = v => left + ((Math.log10(v) - lo) / (hi - lo)) * width;
  const esc = s => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const rows = bars.map((b, i) => {
    const y = top + i * rowH;
    if (!Number.isFinite(b.value) || b.value <= 0) {
      return `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${esc(b.label)}</text><text x="${left + 4}" y="${y + 15}" fill="#888">n/a</text>`;
    }
    const x0 = x(1), x1 = x(b.value);
    const color = b.value >= 1 ? '#2a9d4b' : '#c0392b';
    return `<text x="${left - 8}" y="${y + 15}" text-anchor="end">${esc(b.label)}</text>` +
      `<rect x="${Math.min(x0, x1)}" y="${y + 4}" width="${Math.max(1, Math.abs(x1 - x0))}" height="${rowH - 8}" fill="${color}"/>` +
      `<text x="${Math.max(x0, x1) + 4}" y="${y + 15}">${b.value >= 10 ? b.value.toFixed(0) : b.value.toFixed(2)}×</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 80}" height="${h}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="20" font-size="14" font-weight="bold">rest-signals vs anchor: speed ratio (anchor time ÷ ours; &gt;1 = ours faster), log scale</text>
<line x1="${x(1)}" y1="${top - 4}" x2="${x(1)}" y2="${h - 30}" stroke="#333" stroke-dasharray="3,3"/>
<text x="${x(1)}" y="${h - 16}" text-anchor="middle">1×</text>
${rows.join('\n')}
<text x="10" y="${h - 4}" fill="#666" font-size="10">${esc(date)} · bench/RESULTS.md</text>
</svg>
`;
}
