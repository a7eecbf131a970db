#!/usr/bin/env node
// `npm run size`: measures the Solid and Vue app imports of the built package (dist/; run
// `npm run build` first) the way `npm run bench -- app` does, and compares them with
// bench/size-budget.json. Exits 1 when a budget is exceeded.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_IMPORTS, appBundle } from './lib/appBundle.mjs';
import { judge, report } from './lib/sizeBudget.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { budgets } = JSON.parse(readFileSync(new URL('./size-budget.json', import.meta.url), 'utf8'));
if (!existsSync(`${root}dist/index.js`)) {
  console.error('size budget: dist/ is missing; run `npm run build` first');
  process.exit(1);
}
const measures = {};
for (const b of budgets) measures[b.import] = await appBundle(APP_IMPORTS[b.import]);
const verdict = judge(budgets, measures);
console.log(report(verdict));
process.exitCode = verdict.ok ? 0 : 1;
