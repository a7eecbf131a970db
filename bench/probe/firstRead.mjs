// `node --expose-gc bench/probe/firstRead.mjs [n] [tree] [--alloc]`: the first read of a long list
// in a cold process, as a first render makes it. `n` articles (default 10,000), each embedding one
// of n / 10 authors, are written with `controller.setResponse(getList)`; then `client.cache(getList)`
// is read once (the view's computed, not yet watched, as the probe in the issue does), then watched
// by an `effect` (what a rendered list keeps), then read again. `<tree>` is a checkout's root with `dist/` built
// (default: this one), for comparing two trees.
//
// Prints, per phase: wall time, time in the garbage collector (PerformanceObserver 'gc'), and the
// heap kept after a full GC (bytes per article, taken with the list and client still referenced).
// `--alloc`: also a sampled allocation profile of each phase (every object allocated, collected
// or not; sampled every 512 bytes), its total bytes per article and the top functions, for
// telling which objects the read makes. The timings of an `--alloc` run include the sampler.
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';

const args = process.argv.slice(2);
const alloc = args.includes('--alloc');
const pos = args.filter(a => !a.startsWith('--'));
const N = Number(pos[0] ?? 10_000);
const root = pos[1] ?? new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');

const { Entity, resource, createDataClient } = await import(`${root}/dist/index.js`);
const { effect } = await import(`${root}/node_modules/@preact/signals-core/dist/signals-core.mjs`);

const gcs = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) gcs.push([e.startTime, e.duration]);
}).observe({ entryTypes: ['gc'] });
/** Time in the collector between `t0` and `t1` (the explicit collections between phases excluded). */
const gcBetween = (t0, t1) => gcs.reduce((s, [at, d]) => (at >= t0 && at < t1 ? s + d : s), 0);
// gc entries are delivered asynchronously: a macrotask turn collects those of a phase
const turn = () => new Promise(r => setImmediate(r));

let session;
if (alloc) {
  session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
}

/** Runs `fn` as one phase: wall ms, gc ms, allocated bytes (with --alloc) and what it allocated most. */
async function phase(fn) {
  globalThis.gc();
  await turn();
  if (alloc) await session.post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const t0 = performance.now();
  const value = fn();
  const ms = performance.now() - t0;
  let allocated, top;
  if (alloc) {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const byFn = new Map();
    allocated = 0;
    const walk = node => {
      const self = node.selfSize;
      allocated += self;
      const f = node.callFrame;
      const name = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-1)[0]}:${f.lineNumber + 1}`;
      if (self > 0) byFn.set(name, (byFn.get(name) ?? 0) + self);
      for (const c of node.children) walk(c);
    };
    walk(profile.head);
    top = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 8);
  }
  await turn();
  globalThis.gc();
  await turn();
  return { value, ms, t0, heap: process.memoryUsage().heapUsed, allocated, top };
}

class Author extends Entity { id = 0; name = ''; static key = 'Author'; }
class Article extends Entity { id = 0; title = ''; author = Author.fromJS(); static key = 'Article'; static schema = { author: Author }; }
const R = resource({ urlPrefix: 'http://x', path: '/api/articles/:id', schema: Article, searchParams: {} });
const articles = [];
for (let i = 1; i <= N; i++) {
  const a = Math.floor((i - 1) / 10) + 1;
  articles.push({ id: i, title: `Article ${i}`, author: { id: a, name: `Author ${a}` } });
}
const json = JSON.stringify(articles);
articles.length = 0;

const client = createDataClient();
const base = await phase(() => 0);
const parse = await phase(() => JSON.parse(json));
const write = await phase(() => client.controller.setResponse(R.getList, { n: N }, parse.value));
parse.value = undefined;
const view = client.cache(R.getList, { n: N });
const read = await phase(() => view.value);
let shown;
const watch = await phase(() => {
  const dispose = effect(() => void (shown = view.value));
  return dispose;
});
const again = await phase(() => view.value);
if (read.value.length !== N || read.value[5].author.name !== 'Author 1' || shown !== read.value && shown.length !== N) throw new Error('wrong list');

// the collector's entries arrive some turns later
await new Promise(r => setTimeout(r, 200));
for (const p of [write, read, watch, again]) p.gc = gcBetween(p.t0, p.t0 + p.ms);
const perRow = b => (b / N).toFixed(0).padStart(5);
const row = (name, p, prev) =>
  `${name.padEnd(22)} ${p.ms.toFixed(1).padStart(7)} ms  gc ${p.gc.toFixed(1).padStart(6)} ms  kept ${perRow(p.heap - prev.heap)} B/article` +
  (p.allocated === undefined ? '' : `  allocated ${perRow(p.allocated)} B/article`);
console.log(`firstRead n=${N} node ${process.version}${alloc ? ' (--alloc: times include the sampler)' : ''}`);
console.log(row('setResponse', write, base));
console.log(row('first read', read, write));
console.log(row('watched by an effect', watch, read));
console.log(row('read again', again, watch));
console.log(`${'list kept in all'.padEnd(22)} ${perRow(again.heap - write.heap)} B/article beyond the written store`);
if (alloc) for (const [name, p] of [['first read', read], ['watched', watch]]) {
  console.log(`${name}: allocated most in`);
  for (const [f, b] of p.top) console.log(`  ${perRow(b)} B/article  ${f}`);
}
watch.value();
client.destroy();
