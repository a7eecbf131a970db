// `npm run bench:browser:heap`: what one row costs in the JS heap, per engine. Each page is loaded
// at two sizes (unminified builds, so constructors and closures keep their names), a heap snapshot
// (CDP `HeapProfiler`) is taken after a forced GC once the rows are shown, and live objects are
// counted by kind and name. The difference between the two sizes, divided by the difference in
// rows, is the cost of one row: the page's fixed costs cancel out.
//
// Environment: HEAP_ENGINES (default rs-vue,colada,rs-solid), HEAP_SIZES (default 1000,3000),
// HEAP_TOP (default 25), BENCH_PREBUILT=1 (reuse the last build in bench/browser/dist/heap),
// BENCH_OUT (a directory for the report; default: print only).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { DIST_DIR, ENGINES, ENGINE_NAMES, buildPages, type EngineId } from './build.js';
import { startSession } from './session.js';

const env = process.env;
const engines = (env.HEAP_ENGINES ?? 'rs-vue,colada,rs-solid').split(',') as EngineId[];
for (const e of engines) if (!ENGINES.includes(e)) throw new TypeError(`HEAP_ENGINES: unknown engine ${JSON.stringify(e)}`);
const [SMALL, BIG] = (env.HEAP_SIZES ?? '1000,3000').split(',').map(Number) as [number, number];
if (!(SMALL > 0 && BIG > SMALL)) throw new TypeError('HEAP_SIZES: two sizes, the second larger');
const TOP = Number(env.HEAP_TOP ?? 25);
const outDir = resolve(DIST_DIR, 'heap');

/** Live objects of one kind (`object`, `closure`, `array`, …) and name (constructor or function). */
interface Tally { count: number; bytes: number }
type Census = Map<string, Tally>;

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]]; location_fields: string[] } };
  nodes: number[];
  edges: number[];
  locations: number[];
  strings: string[];
}

/** With HEAP_DETAIL=1 plain objects are told apart by their first property names, closures by their source line. */
const DETAIL = env.HEAP_DETAIL === '1';

async function takeSnapshot(cdp: CDPSession): Promise<HeapSnapshot> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }): void => void chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return JSON.parse(chunks.join('')) as HeapSnapshot;
}

/**
 * Counts the snapshot's nodes by `kind name`. Strings, numbers and code are counted by kind only;
 * the engine's internal nodes (`hidden`, `synthetic`) are left out.
 */
function census(s: HeapSnapshot, lineOf: (line: number) => string): Census {
  const meta = s.snapshot.meta;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const width = fields.length;
  const TYPE = fields.indexOf('type');
  const NAME = fields.indexOf('name');
  const SIZE = fields.indexOf('self_size');
  const EDGES = fields.indexOf('edge_count');
  const edgeWidth = meta.edge_fields.length;
  const EDGE_TYPE = meta.edge_fields.indexOf('type');
  const EDGE_NAME = meta.edge_fields.indexOf('name_or_index');
  const PROPERTY = meta.edge_types[0].indexOf('property');
  const locWidth = meta.location_fields.length;
  const LOC_NODE = meta.location_fields.indexOf('object_index');
  const LOC_LINE = meta.location_fields.indexOf('line');
  const lines = new Map<number, number>();
  if (DETAIL) for (let i = 0; i < s.locations.length; i += locWidth) lines.set(s.locations[i + LOC_NODE]!, s.locations[i + LOC_LINE]!);
  const out: Census = new Map();
  let edge = 0;
  for (let i = 0; i < s.nodes.length; i += width) {
    const kind = types[s.nodes[i + TYPE]!]!;
    const firstEdge = edge;
    edge += s.nodes[i + EDGES]! * edgeWidth;
    if (kind === 'hidden' || kind === 'synthetic') continue;
    const named = kind === 'object' || kind === 'closure' || kind === 'native';
    // a context's name carries its node id, which differs between snapshots
    let key = named ? `${kind} ${s.strings[s.nodes[i + NAME]!]!.replace(/ @\d+$/, '')}` : kind;
    if (DETAIL && key === 'object Object') {
      const names: string[] = [];
      for (let e = firstEdge; e < edge && names.length < 5; e += edgeWidth) {
        if (s.edges[e + EDGE_TYPE] === PROPERTY) names.push(s.strings[s.edges[e + EDGE_NAME]!]!);
      }
      key += ` {${names.join(',')}}`;
    } else if (DETAIL && kind === 'closure') {
      const line = lines.get(i);
      if (line !== undefined) key += ` @${line + 1}: ${lineOf(line).trim().slice(0, 90)}`;
    }
    const t = out.get(key) ?? { count: 0, bytes: 0 };
    t.count++;
    t.bytes += s.nodes[i + SIZE]!;
    out.set(key, t);
  }
  return out;
}

/** Per row: (big − small) / (rows big − rows small), heaviest first. */
function perRow(small: Census, big: Census, rows: number): { key: string; count: number; bytes: number }[] {
  const keys = new Set([...small.keys(), ...big.keys()]);
  const out = [...keys].map(key => {
    const a = small.get(key) ?? { count: 0, bytes: 0 };
    const b = big.get(key) ?? { count: 0, bytes: 0 };
    return { key, count: (b.count - a.count) / rows, bytes: (b.bytes - a.bytes) / rows };
  });
  return out.filter(r => Math.abs(r.count) >= 0.01).sort((x, y) => y.bytes - x.bytes);
}

/** A line of the engine's (unminified) bundle, for naming closures. */
function bundleLines(engine: EngineId): (line: number) => string {
  const assets = resolve(outDir, engine, 'assets');
  const files = readdirSync(assets).filter(f => f.endsWith('.js'));
  const file = files.find(f => f.startsWith('index')) ?? files[0];
  const text = file ? readFileSync(resolve(assets, file), 'utf8').split('\n') : [];
  return line => text[line] ?? '?';
}

if (env.BENCH_PREBUILT !== '1') await buildPages(engines, outDir, { minify: false });
const session = await startSession(outDir);
const sections: string[] = [];
try {
  for (const engine of engines) {
    const taken: Census[] = [];
    for (const n of [SMALL, BIG]) {
      const page = await session.load(engine, n);
      try {
        taken.push(census(await takeSnapshot(page.cdp), bundleLines(engine)));
      } finally {
        await page.close();
      }
    }
    const rows = perRow(taken[0]!, taken[1]!, BIG - SMALL);
    const total = rows.reduce((sum, r) => ({ count: sum.count + r.count, bytes: sum.bytes + r.bytes }), { count: 0, bytes: 0 });
    const lines = rows.slice(0, TOP).map(r => `| ${r.count.toFixed(2)} | ${r.bytes.toFixed(0)} | \`${r.key}\` |`);
    sections.push(`### ${ENGINE_NAMES[engine]}\n\nPer row: ${total.count.toFixed(1)} objects, ${(total.bytes / 1024).toFixed(2)} KiB (self sizes; ${SMALL} → ${BIG} rows).\n\n` +
      `| objects / row | bytes / row | kind and name |\n|---|---|---|\n${lines.join('\n')}`);
    console.log(sections.at(-1), '\n');
  }
} finally {
  await session.close();
}
if (env.BENCH_OUT) {
  writeFileSync(resolve(env.BENCH_OUT, 'BROWSER-HEAP.md'), `# Heap per row in Chromium (\`npm run bench:browser:heap\`)\n\n<!-- generated by bench/browser/heap.ts -->\n\n${sections.join('\n\n')}\n`);
}
