// Case family 4: fan-out. 10,000 views each showing one article, plus 10 list views of 1,000
// articles; one article changes; the time until every view has settled, and how many views
// re-ran. Ours: vanilla `effect`s over `client.cache(...)`; TQ+normy: QueryObservers;
// DC 0.10: its selectors (`getResponse` per view after each store change, as its hooks do).
import { effect } from '@preact/signals-core';
import { articles, article } from '../data/generate.mjs';
import { Entity10 } from '../anchors/dc10Entity.mjs';
import { defineSchemas } from '../anchors/schemas.mjs';
import { dc10Store, endpoint10 } from '../anchors/dc10Store.mjs';
import { tqStore, tqObserve } from '../anchors/tqNormy.mjs';
import { oursStore } from '../lib/oursStore.mjs';
import { summarizeRuns } from '../lib/measure.mjs';

const N = 10_000, PAGES = 10, PAGE = N / PAGES, TARGET = 4321;
const dc10 = defineSchemas(Entity10);
const page10 = endpoint10('page', [dc10.Article]), article10 = endpoint10('article', dc10.Article);
// every engine's update goes through a macrotask turn, so scheduled notifications count too
const settle = () => new Promise(resolve => setImmediate(resolve));
const pages = list => Array.from({ length: PAGES }, (_, p) => list.slice(p * PAGE, (p + 1) * PAGE));

/** Each engine: prepare() builds the store and the 10,010 views; update(ctx) changes one article. */
const engines = {
  floor: {
    prepare() {
      const table = new Map(), listeners = new Map(), runs = { n: 0 };
      const on = (id, fn) => (listeners.get(id) ?? listeners.set(id, []).get(id)).push(fn);
      for (const a of articles(N)) table.set(a.id, { ...a });
      for (let i = 0; i < N; i++) on(`a${i}`, () => runs.n++);
      for (let p = 0; p < PAGES; p++) for (let i = p * PAGE; i < (p + 1) * PAGE; i++) on(`a${i}`, ((page) => () => runs.n++)(p));
      return { table, listeners, runs };
    },
    update({ table, listeners }, next) {
      table.set(next.id, { ...next });
      for (const fn of listeners.get(next.id)) fn();
    },
  },
  'DC 0.10 core': {
    prepare() {
      const store = dc10Store(), runs = { n: 0 };
      pages(articles(N)).forEach((list, p) => store.controller.setResponse(page10, { page: p }, list));
      const views = [];
      for (let i = 0; i < N; i++) views.push([article10, { id: `a${i}` }]);
      for (let p = 0; p < PAGES; p++) views.push([page10, { page: p }]);
      const last = views.map(([ep, args]) => store.controller.getResponse(ep, args, store.state).data);
      if (!last[TARGET]?.title || last[N + 4]?.length !== PAGE) throw new Error('DC 0.10 views did not resolve');
      // a store subscription re-runs every mounted selector after each change
      const onChange = () => {
        for (let v = 0; v < views.length; v++) {
          runs.n++;
          last[v] = store.controller.getResponse(views[v][0], views[v][1], store.state).data;
        }
      };
      return { store, runs, onChange, last };
    },
    update({ store, onChange }, next) {
      store.controller.setResponse(article10, { id: next.id }, next);
      onChange();
    },
  },
  'TQ+normy': {
    // 10,000 separate article queries are out of reach with normy 0.21: adding them one by one
    // took 2.6 s for the first 1,000 here and grows faster than N. So an article view is an
    // observer of the page query holding it, with `select` picking its article (TanStack's own
    // pattern); a view "re-ran" when its select or its list listener ran.
    prepare() {
      const tq = tqStore(), runs = { n: 0, notified: 0 };
      pages(articles(N)).forEach((list, p) => tq.queryClient.setQueryData(['page', p], list));
      const subs = [];
      for (let i = 0; i < N; i++) {
        const k = i % PAGE;
        subs.push(tqObserve(tq.queryClient, ['page', Math.floor(i / PAGE)], () => runs.notified++, { select: list => (runs.n++, list[k]) }));
      }
      for (let p = 0; p < PAGES; p++) subs.push(tqObserve(tq.queryClient, ['page', p], () => { runs.n++; runs.notified++; }));
      const target = subs[TARGET].observer;
      return { tq, runs, subs, check: () => target.getCurrentResult().data?.title };
    },
    update({ tq }, next) {
      tq.normalizer.setNormalizedData(next);
    },
    dispose({ subs }) {
      for (const s of subs) s.unsubscribe();
    },
  },
};

async function oursEngine() {
  const ours = await oursStore();
  if (!ours.m) return { reason: ours.reason };
  return {
    prepare() {
      const c = ours.client(), runs = { n: 0 };
      pages(articles(N)).forEach((list, p) => c.controller.setResponse(ours.ep.page, { page: p }, list));
      // an article view resolves from the entity table; write its endpoint only if it does not
      if (c.controller.getResponse(ours.ep.article, { id: 'a0' }).data === undefined) {
        for (const a of articles(N)) c.controller.setResponse(ours.ep.article, { id: a.id }, a);
      }
      const disposers = [];
      for (let i = 0; i < N; i++) {
        const view = c.cache(ours.ep.article, { id: `a${i}` });
        disposers.push(effect(() => { view.value; runs.n++; }));
      }
      for (let p = 0; p < PAGES; p++) {
        const view = c.cache(ours.ep.page, { page: p });
        disposers.push(effect(() => { view.value; runs.n++; }));
      }
      return { c, runs, disposers, check: () => c.cache(ours.ep.article, { id: `a${TARGET}` }).value?.title };
    },
    update({ c }, next) {
      c.controller.setResponse(ours.ep.article, { id: next.id }, next);
    },
    dispose({ disposers, c }) {
      for (const d of disposers) d();
      c.destroy?.();
    },
  };
}

export const cases = [
  {
    name: 'fanout@10k', unit: 'ms', anchor: 'TQ+normy',
    describe: '10,000 article views + 10 list views of 1,000; one article updated; time from the write until every view has settled (one macrotask turn included for all; 3 mounted sets × 5 updates), and the most views that re-ran on one update (floor: the 2 views that show the article are called directly)',
    async run() {
      const all = { ...engines };
      const ours = await oursEngine();
      const out = {};
      if (ours.reason) out.ours = { na: ours.reason };
      else all.ours = ours;
      const times = Object.fromEntries(Object.keys(all).map(k => [k, []]));
      const reran = {};
      const ROUNDS = 3, UPDATES = 5;
      for (let r = 0; r < ROUNDS; r++) {
        for (const [name, e] of Object.entries(all)) {
          let ctx;
          try {
            ctx = await e.prepare();
          } catch (error) {
            out[name] = { na: `setup throws: ${String(error.message).split('\n')[0].slice(0, 80)}` };
            delete all[name];
            continue;
          }
          await settle();
          // several updates per mounted set: one sub-millisecond sample is easily stretched by the scheduler
          for (let u = 0; u < UPDATES; u++) {
            ctx.runs.n = 0;
            if (ctx.runs.notified !== undefined) ctx.runs.notified = 0;
            globalThis.gc();
            const next = article(TARGET, r * UPDATES + u + 1);
            const t0 = performance.now();
            e.update(ctx, next);
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
