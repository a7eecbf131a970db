// Case family 3: write ONE article (with its author) into a store already holding N articles,
// through each engine's normal write path. A store that copies its tables per write grows
// with N; one that writes cells in place does not.
import { normalize as normalize18 } from '@data-client/normalizr';
import { articles, article } from '../data/generate.mjs';
import { Entity10 } from '../anchors/dc10Entity.mjs';
import { Entity18 } from '../anchors/dc18Entity.mjs';
import { defineSchemas } from '../anchors/schemas.mjs';
import { dc10Store, endpoint10 } from '../anchors/dc10Store.mjs';
import { tqStore } from '../anchors/tqNormy.mjs';
import { floorNormalizeArticles } from '../lib/floor.mjs';
import { compare } from '../lib/measure.mjs';
import { oursStore, checked } from '../lib/oursStore.mjs';

const dc10 = defineSchemas(Entity10), dc18 = defineSchemas(Entity18);
const page10 = endpoint10('page', [dc10.Article]), article10 = endpoint10('article', dc10.Article);
const meta = () => { const now = Date.now(); return { fetchedAt: now, date: now, expiresAt: now + 60_000 }; };

function writeOne(n) {
  return {
    name: `writeOne@${n >= 1000 ? `${n / 1000}k` : n}`, unit: 'op', anchor: 'DC 0.10 core',
    describe: `one article (and its author) written into a store holding ${n.toLocaleString('en-US')} articles: \`controller.setResponse(getArticle, { id }, article)\` (DC 0.18: \`normalize\` into the held state; TQ+normy: \`setNormalizedData\`, which rewrites every query holding it); floor: one Map set`,
    async run() {
      const list = articles(n);
      const id = `a${n >> 1}`, revs = [article(n >> 1, 1), article(n >> 1, 2)];
      let turn = 0;
      const next = () => revs[turn++ & 1];

      const floor = floorNormalizeArticles(list);
      const dcStore = dc10Store();
      dcStore.controller.setResponse(page10, { page: 'all' }, list);
      let state18 = normalize18([dc18.Article], list, [], { entities: {}, indexes: {}, entitiesMeta: {} }, meta());
      // normy rewrites every query holding the entity: ≈ 65 ms per write at 1k, 1.6 s at 10k (here),
      // growing faster than N; at 100k one write would take most of a minute, so it is left out.
      const tq = n <= 10_000 ? tqStore() : undefined;
      tq?.queryClient.setQueryData(['page', 'all'], list);

      const ours = await oursStore();
      let oursEngine = { name: 'ours', reason: ours.reason };
      if (ours.m) {
        const c = ours.client();
        c.controller.setResponse(ours.ep.page, { page: 'all' }, list);
        oursEngine = checked('ours', () => {
          const a = next();
          c.controller.setResponse(ours.ep.article, { id }, a);
          return a;
        }, a => c.controller.getResponse(ours.ep.article, { id }).data?.title === a.title);
      }
      return compare([
        { name: 'floor', fn: () => { const a = next(); floor.authors.set(a.author.id, { ...a.author }); return floor.articles.set(a.id, { ...a, author: a.author.id }); } },
        { name: 'DC 0.10 core', slow: n >= 100_000, fn: () => dcStore.controller.setResponse(article10, { id }, next()) },
        { name: 'DC 0.18 normalizr', slow: n >= 100_000, fn: () => (state18 = normalize18(dc18.Article, next(), [{ id }], state18, meta())) },
        tq ? { name: 'TQ+normy', slow: n > 1000, fn: () => tq.normalizer.setNormalizedData(next()) } : { name: 'TQ+normy', reason: 'skipped: ≈1.6 s per write at 10k, growing faster than N' },
        oursEngine,
      ], { rounds: n > 1000 ? 3 : 5, budgetMs: n >= 100_000 ? 120 : 60 });
    },
  };
}

export const cases = [writeOne(1_000), writeOne(10_000), writeOne(100_000)];
