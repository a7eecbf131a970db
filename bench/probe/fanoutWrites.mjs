// `node bench/probe/fanoutWrites.mjs <tree> [writes]`: the fan-out write of `npm run bench -- fanout`
// (10,000 article views and 10 list views watched through `effect`, then one article written at a
// time, each followed by a macrotask turn) timed in one process, for comparing two trees' built
// packages (`<tree>` is a checkout's root with `dist/` built), alternating, or profiling one with
// `node --cpu-prof`. Prints µs per write (wall, and CPU of all threads), the median of each write's
// synchronous part, and how many views ran in all (10,010 at setup, then 2 a write).
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
// PROFILE_OUT=<file>: a CPU profile of the write loop alone (setup excluded), for comparing two trees;
// ALLOC_OUT=<file>: a sampled allocation profile of it instead (bytes by function, steady under load)
const profiler = process.env.PROFILE_OUT ? await startProfile() : process.env.ALLOC_OUT ? await startAllocProfile() : undefined;
const syncTimes = [];
const t0 = performance.now(), cpu0 = process.cpuUsage();
for (let k = 0; k < K; k++) {
  const a = all[500];
  const s0 = performance.now();
  c.controller.setResponse(ours.ep.article, { id: a.id }, { ...a, title: `t${k}` });
  syncTimes.push(performance.now() - s0);
  await tick();
}
const elapsed = performance.now() - t0, cpu = process.cpuUsage(cpu0);
if (profiler) await profiler.stop(process.env.PROFILE_OUT ?? process.env.ALLOC_OUT);
// the synchronous part (the write and the 2 views it re-runs) as a median: a busy machine stretches
// the macrotask turn and GC far more than it moves this figure
const syncMedian = syncTimes.sort((x, y) => x - y)[K >> 1];
console.log(root, 'per update', (elapsed / K * 1000).toFixed(1), 'µs', 'cpu', ((cpu.user + cpu.system) / K).toFixed(1), 'µs', 'sync median', (syncMedian * 1000).toFixed(1), 'µs', 'runs', runs);

async function startProfile() {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

async function startAllocProfile() {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    async stop(file) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
