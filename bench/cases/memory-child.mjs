// One memory measurement in a fresh process: `node --expose-gc memory-child.mjs <engine> <n>`.
// Baseline heap after full GC; then the articles are generated, written into the engine's
// store and the input dropped; after full GC again the growth is what the store retains.
// Prints JSON { bytes, entities }.
import v8 from 'node:v8';
process.env.NODE_ENV ??= 'production';

const [engine, nArg] = process.argv.slice(2);
const n = Number(nArg);
const { articles } = await import('../data/generate.mjs');
const heap = () => v8.getHeapStatistics().used_heap_size;
const fullGC = () => { for (let i = 0; i < 4; i++) globalThis.gc(); };

const setups = {
  async floor() {
    const { floorNormalizeArticles } = await import('../lib/floor.mjs');
    return (k = n) => floorNormalizeArticles(articles(k));
  },
  async 'DC 0.18 normalizr'() {
    const { normalize } = await import('@data-client/normalizr');
    const { Entity18 } = await import('../anchors/dc18Entity.mjs');
    const { defineSchemas } = await import('../anchors/schemas.mjs');
    const s = defineSchemas(Entity18), now = Date.now();
    return (k = n) => normalize([s.Article], articles(k), [], { entities: {}, indexes: {}, entitiesMeta: {} }, { fetchedAt: now, date: now, expiresAt: now + 60_000 });
  },
  async 'DC 0.10 core'() {
    const { Entity10 } = await import('../anchors/dc10Entity.mjs');
    const { defineSchemas } = await import('../anchors/schemas.mjs');
    const { dc10Store, endpoint10 } = await import('../anchors/dc10Store.mjs');
    const s = defineSchemas(Entity10), ep = endpoint10('page', [s.Article]);
    return (k = n) => { const store = dc10Store(); store.controller.setResponse(ep, { page: 'all' }, articles(k)); return store; };
  },
  async 'TQ+normy'() {
    const { tqStore } = await import('../anchors/tqNormy.mjs');
    return (k = n) => { const tq = tqStore(); tq.queryClient.setQueryData(['page', 'all'], articles(k)); return tq; };
  },
  async ours() {
    const { oursStore } = await import('../lib/oursStore.mjs');
    const ours = await oursStore();
    if (!ours.m) throw new Error(ours.reason);
    return (k = n) => { const c = ours.client(); c.controller.setResponse(ours.ep.page, { page: 'all' }, articles(k)); return c; };
  },
};

try {
  const build = await setups[engine]();
  build(1000); // warm the code paths (and module-level caches) before the baseline
  fullGC();
  const before = heap();
  let held = build();
  fullGC();
  const bytes = heap() - before;
  globalThis.__keep = held;
  held = null;
  console.log(JSON.stringify({ bytes, entities: n + n / 10 }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error.message).split('\n')[0].slice(0, 100) }));
}
