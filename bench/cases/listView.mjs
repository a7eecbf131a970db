// Case family 4: one article written while a list of N articles (with nested authors) is
// watched. Through the public API only: `client.cache(getList)` watched by an `effect`, then
// `controller.setResponse(getArticle, { id }, article)`; the effect has re-run when the call
// returns (signals run effects at the end of the write's batch). Beside it: the same write with
// no view watched, and the floor: copying the list's array once and replacing one element.
// "row follows its entity" (the fast path for big lists): the list is watched through
// `membersOf(client.cache(getList))`, whose array changes only on membership, and one row reads
// its own entity's signal (`client.query(Article, pk)`, as `useEntity` does); the time is until
// that row's effect has re-run, and the list's effect must not re-run at all.
import { effect } from '@preact/signals-core';
import { articles, article } from '../data/generate.mjs';
import { compare } from '../lib/measure.mjs';
import { oursStore } from '../lib/oursStore.mjs';

const label = n => (n >= 1000 ? `${n / 1000}k` : String(n));

function listView(n) {
  return {
    name: `listView@${label(n)}`, unit: 'op', anchor: 'no view',
    describe: `one article written (\`controller.setResponse(getArticle, { id }, article)\`) while an \`effect\` watches \`client.cache(getList)\` of ${n.toLocaleString('en-US')} articles with nested authors; time until the effect has re-run. "no view": the same write with nothing watched; "row follows entity": the list watched through \`membersOf\` (its array changes only on membership) and one row's own entity view (\`client.query(Article, { id })\`) watched; floor: copying the list array once and replacing one element`,
    async run() {
      const ours = await oursStore();
      if (!ours.m) return compare([{ name: 'ours', reason: ours.reason }]);
      const list = articles(n);
      const i = n >> 1, id = `a${i}`, revs = [article(i, 1), article(i, 2)];
      let turn = 0;
      const next = () => revs[turn++ & 1];
      const page = { page: 'all' };

      const plain = ours.client();
      plain.controller.setResponse(ours.ep.page, page, list);

      const viewed = ours.client();
      viewed.controller.setResponse(ours.ep.page, page, list);
      const view = viewed.cache(ours.ep.page, page);
      let shown;
      const stop = effect(() => {
        shown = view.value;
      });

      const rows = ours.client();
      rows.controller.setResponse(ours.ep.page, page, list);
      const members = ours.m.membersOf ? ours.m.membersOf(rows.cache(ours.ep.page, page)) : rows.cache(ours.ep.page, page);
      const rowList = members, row = rows.query(ours.s.Article, { id });
      let listRuns = 0, rowShown;
      const stopList = effect(() => {
        void rowList.value;
        listRuns++;
      });
      const stopRow = effect(() => {
        rowShown = row.value;
      });

      let floorList = list.slice();
      const engines = [
        { name: 'floor', fn: () => { floorList = floorList.slice(); floorList[i] = next(); return floorList; } },
        { name: 'no view', fn: () => plain.controller.setResponse(ours.ep.article, { id }, next()) },
        { name: 'ours', fn: () => { const a = next(); viewed.controller.setResponse(ours.ep.article, { id }, a); return shown; } },
        { name: 'row follows entity', fn: () => { const a = next(); rows.controller.setResponse(ours.ep.article, { id }, a); return rowShown; } },
      ];
      // the views must show the write, or the figure means nothing
      const a = next();
      viewed.controller.setResponse(ours.ep.article, { id }, a);
      if (shown?.[i]?.title !== a.title || shown.length !== n) engines[2] = { name: 'ours', reason: 'wrong result' };
      const before = listRuns;
      rows.controller.setResponse(ours.ep.article, { id }, a);
      if (rowShown?.title !== a.title || (ours.m.membersOf && listRuns !== before)) engines[3] = { name: 'row follows entity', reason: 'wrong result' };
      const result = await compare(engines, { rounds: n > 10_000 ? 3 : 5, budgetMs: n >= 100_000 ? 150 : 60 });
      console.log(`  listView@${label(n)}: the watched list re-ran ${listRuns - before} time(s) over the row-variant writes`);
      stop();
      stopList();
      stopRow();
      for (const c of [plain, viewed, rows]) c.destroy?.();
      return result;
    },
  };
}

export const cases = [listView(1_000), listView(10_000), listView(100_000)];
