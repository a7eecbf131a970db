// Case family 7: one streamed entity update. 10,000 rows on screen (10 lists of 1,000 articles,
// each row a view of its article); one message arrives as a JSON string (as an SSE or WebSocket
// frame would) and is applied through each engine's push path; the time from the message until
// every view has settled, and how many views re-ran. Ours: `controller.set(Article, { id }, msg)`;
// TQ+normy: `setNormalizedData(msg)`, normy's documented way to apply pushed data.
import { effect } from '@preact/signals-core';
import { articles, article } from '../data/generate.mjs';
import { tqStore, tqObserve } from '../anchors/tqNormy.mjs';
import { need } from '../lib/ours.mjs';
import { summarizeRuns } from '../lib/measure.mjs';
import { defineSchemas } from '../anchors/schemas.mjs';

const N = 10_000, PAGES = 10, PAGE = N / PAGES, TARGET = 4321;
const settle = () => new Promise(resolve => setImmediate(resolve));
const pages = list => Array.from({ length: PAGES }, (_, p) => list.slice(p * PAGE, (p + 1) * PAGE));

const engines = {
  floor: {
    prepare() {
      const table = new Map(), rows = new Map(), runs = { n: 0 };
      for (const a of articles(N)) {
        table.set(a.id, { ...a });
        rows.set(a.id, () => runs.n++);
      }
      return { table, rows, runs };
    },
    apply({ table, rows }, message) {
      const next = JSON.parse(message);
      table.set(next.id, { ...table.get(next.id), ...next, author: next.author.id });
      rows.get(next.id)();
    },
  },
  'TQ+normy': {
    // a row is an observer of the page query holding it, with `select` picking its article (as in fanout)
    prepare() {
      const tq = tqStore(), runs = { n: 0, notified: 0 };
      pages(articles(N)).forEach((list, p) => tq.queryClient.setQueryData(['page', p], list));
      const subs = [];
      for (let i = 0; i < N; i++) {
        const k = i % PAGE;
        subs.push(tqObserve(tq.queryClient, ['page', Math.floor(i / PAGE)], () => runs.notified++, { select: list => (runs.n++, list[k]) }));
      }
      return { tq, runs, subs, check: () => subs[TARGET].observer.getCurrentResult().data?.title };
    },
    apply({ tq }, message) {
      tq.normalizer.setNormalizedData(JSON.parse(message));
    },
    dispose({ subs }) {
      for (const s of subs) s.unsubscribe();
    },
  },
};

async function oursEngine() {
  const m = await need('Entity', 'RestEndpoint', 'createDataClient', 'StreamManager');
  if (typeof m === 'string') return { reason: m };
  const s = defineSchemas(m.Entity, { pkMethod: true });
  const page = new m.RestEndpoint({ path: '/pages/:page', schema: [s.Article] });
  return {
    prepare() {
      const c = m.createDataClient(), runs = { n: 0 };
      pages(articles(N)).forEach((list, p) => c.controller.setResponse(page, { page: p }, list));
      const disposers = [];
      for (let i = 0; i < N; i++) {
        const row = c.query(s.Article, { id: `a${i}` });
        disposers.push(effect(() => { row.value; runs.n++; }));
      }
      return { c, runs, disposers, check: () => c.controller.get(s.Article, { id: `a${TARGET}` })?.title };
    },
    apply({ c }, message) {
      const next = JSON.parse(message);
      c.controller.set(s.Article, { id: next.id }, next);
    },
    dispose({ disposers, c }) {
      for (const d of disposers) d();
      c.destroy();
    },
  };
}

export const cases = [
  {
    name: 'streamed@10k', unit: 'ms', anchor: 'TQ+normy',
    describe: 'one streamed entity update with 10,000 rows on screen (10 lists of 1,000; each row a view of its article): one JSON message parsed and applied (ours: `controller.set`; TQ+normy: `setNormalizedData`), time until every view settled (one macrotask turn included; 3 mounted sets × 5 messages), and the most row views that re-ran',
    async run() {
      const all = { ...engines };
      const out = {};
      const ours = await oursEngine();
      if (ours.reason) out.ours = { na: ours.reason };
      else all.ours = ours;
      const times = Object.fromEntries(Object.keys(all).map(k => [k, []]));
      const reran = {};
      for (let r = 0; r < 3; r++) {
        for (const [name, e] of Object.entries(all)) {
          const ctx = await e.prepare();
          await settle();
          for (let u = 0; u < 5; u++) {
            ctx.runs.n = 0;
            if (ctx.runs.notified !== undefined) ctx.runs.notified = 0;
            globalThis.gc();
            const next = article(TARGET, r * 5 + u + 1);
            const message = JSON.stringify(next);
            const t0 = performance.now();
            e.apply(ctx, message);
            await settle();
            times[name].push(performance.now() - t0);
            const count = ctx.runs.notified === undefined ? ctx.runs.n : `${ctx.runs.n} (listeners notified: ${ctx.runs.notified})`;
            if (reran[name] === undefined || parseInt(count) > parseInt(reran[name])) reran[name] = count;
            if (ctx.check && ctx.check() !== next.title) reran[name] = `${ctx.runs.n}, but the view shows stale data`;
          }
          e.dispose?.(ctx);
        }
      }
      summarizeRuns(times, reran, out);
      return out;
    },
  },
];
