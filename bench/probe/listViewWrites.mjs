// `node bench/probe/listViewWrites.mjs <tree> [n] [writes]`: the write of `npm run bench -- listView`
// (one article written while an `effect` watches `client.cache(getList)` of n articles) timed in one
// process beside the same write with no view, alternating, for comparing two trees' built packages
// (`<tree>` is a checkout's root with `dist/` built) or profiling one (PROFILE_OUT=<file>: a CPU
// profile of the viewed writes alone). Prints quantiles of µs per write of each and their difference.
const root = process.argv[2] || new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
process.env.NODE_ENV ??= 'production';
const { effect } = await import(`${root}/node_modules/@preact/signals-core/dist/signals-core.mjs`).catch(() => import('@preact/signals-core'));
const { oursStore } = await import(`${root}/bench/lib/oursStore.mjs`);
const { articles, article } = await import(`${root}/bench/data/generate.mjs`);
const N = Number(process.argv[3] ?? 1000), K = Number(process.argv[4] ?? 20000);
const ours = await oursStore();
const list = articles(N);
const i = N >> 1, id = `a${i}`, revs = [article(i, 1), article(i, 2)];
// a turn per client: alternating writes to two clients must still change each client's article
const turns = [0, 0];
const next = (c = 0) => revs[turns[c]++ & 1];
const page = { page: 'all' };
const plain = ours.client();
plain.controller.setResponse(ours.ep.page, page, list);
const viewed = ours.client();
viewed.controller.setResponse(ours.ep.page, page, list);
const view = viewed.cache(ours.ep.page, page);
let shown;
effect(() => { shown = view.value; });
const viewedWrite = () => { const a = next(); viewed.controller.setResponse(ours.ep.article, { id }, a); if (shown[i].title !== a.title) throw new Error('stale'); };
const plainWrite = () => plain.controller.setResponse(ours.ep.article, { id }, next(1));
// per-write samples, viewed and plain alternating; the low quantiles are those no other process
// interrupted (the machine is shared), the median is what the bench reports
function time(fn) {
  const t0 = performance.now();
  fn();
  return (performance.now() - t0) * 1000;
}
for (let k = 0; k < 2000; k++) { viewedWrite(); plainWrite(); }
const profiler = process.env.PROFILE_OUT ? await startProfile() : undefined;
if (profiler) {
  for (let k = 0; k < K; k++) viewedWrite();
  await profiler.stop(process.env.PROFILE_OUT);
}
const v = [], p = [];
for (let k = 0; k < K; k++) { v.push(time(viewedWrite)); p.push(time(plainWrite)); }
const q = (a, x) => a.sort((x, y) => x - y)[Math.floor(a.length * x)];
const line = [0.1, 0.25, 0.5].map(x => `p${x * 100}: viewed ${q(v, x).toFixed(2)} no view ${q(p, x).toFixed(2)} beyond ${(q(v, x) - q(p, x)).toFixed(2)}`).join(' | ');
console.log(root.padEnd(14), `n=${N} µs`, line);

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
