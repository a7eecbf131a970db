// `node bench/probe/fanoutWrites.mjs <tree> [writes]`: the fan-out write of `npm run bench -- fanout`
// (10,000 article views and 10 list views watched through `effect`, then one article written at a
// time, each followed by a macrotask turn) timed in one process, for comparing two trees' built
// packages (`<tree>` is a checkout's root with `dist/` built), alternating, or profiling one with
// `node --cpu-prof`. Prints µs per write and how many views ran in all (10,010 at setup, then 2 a write).
const root = process.argv[2] || new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const { effect } = await import(`${root}/node_modules/@preact/signals-core/dist/signals-core.mjs`).catch(() => import('@preact/signals-core'));
const { oursStore } = await import(`${root}/bench/lib/oursStore.mjs`);
const { articles } = await import(`${root}/bench/data/generate.mjs`);
const N = 10_000, PAGES = 10;
const ours = await oursStore();
const c = ours.client();
const all = articles(N);
for (let p = 0; p < PAGES; p++) c.controller.setResponse(ours.ep.page, { page: p }, all.slice(p * 1000, (p + 1) * 1000));
if (c.controller.getResponse(ours.ep.article, { id: 'a0' }).data === undefined) for (const a of all) c.controller.setResponse(ours.ep.article, { id: a.id }, a);
let runs = 0;
for (let i = 0; i < N; i++) { const v = c.cache(ours.ep.article, { id: `a${i}` }); effect(() => { v.value; runs++; }); }
for (let p = 0; p < PAGES; p++) { const v = c.cache(ours.ep.page, { page: p }); effect(() => { v.value; runs++; }); }
const tick = () => new Promise(r => setImmediate(r));
const K = Number(process.argv[3] ?? 4000);
const t0 = performance.now();
for (let k = 0; k < K; k++) {
  const a = all[500]; c.controller.setResponse(ours.ep.article, { id: a.id }, { ...a, title: `t${k}` });
  await tick();
}
console.log(root, 'per update', ((performance.now() - t0) / K * 1000).toFixed(1), 'µs', 'runs', runs);
