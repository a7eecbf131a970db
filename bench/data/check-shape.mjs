// Compares the generator's shapes with the anchor's data files in ../shared/bench-data.
// Not part of the timed run (the benchmark never reads ../shared): `node bench/data/check-shape.mjs`.
import { readFileSync } from 'node:fs';
import { projects, user } from './generate.mjs';

const shared = new URL('../../../shared/bench-data/', import.meta.url);
const theirs = JSON.parse(readFileSync(new URL('data-client-benchmark-data.json', shared), 'utf8'));
const theirUser = JSON.parse(readFileSync(new URL('data-client-benchmark-user.json', shared), 'utf8'));
const ours = projects();

/** Field names with their JSON type, optional fields marked `?` (present on some objects only). */
function shape(objects) {
  const seen = new Map();
  for (const o of objects) for (const [k, v] of Object.entries(o)) {
    const t = Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
    seen.set(k, (seen.get(k) ?? new Map()).set(t, ((seen.get(k)?.get(t)) ?? 0) + 1));
  }
  return Object.fromEntries([...seen].map(([k, types]) => {
    const n = [...types.values()].reduce((a, b) => a + b, 0);
    return [k, [...types.keys()].sort().join('|') + (n < objects.length ? '?' : '')];
  }).sort());
}
function summary(data) {
  const bts = data.project.flatMap(p => p.buildTypes.buildType);
  const histogram = {};
  for (const p of data.project) histogram[p.buildTypes.buildType.length] = (histogram[p.buildTypes.buildType.length] ?? 0) + 1;
  return {
    topKeys: Object.keys(data),
    projects: data.project.length,
    buildTypes: bts.length,
    uniqueIds: [new Set(data.project.map(o => o.id)).size, new Set(bts.map(o => o.id)).size],
    projectShape: shape(data.project),
    buildTypesContainer: shape(data.project.map(p => p.buildTypes)),
    buildTypeShape: shape(bts),
    histogram,
    withDescription: [data.project.filter(p => 'description' in p).length, bts.filter(b => 'description' in b).length],
  };
}

const a = summary(theirs), b = summary(ours);
let failures = 0;
for (const key of Object.keys(a)) {
  const same = JSON.stringify(a[key]) === JSON.stringify(b[key]);
  if (!same) failures++;
  console.log(`${same ? 'ok  ' : 'DIFF'} ${key}${same ? '' : `\n  anchor: ${JSON.stringify(a[key])}\n  ours:   ${JSON.stringify(b[key])}`}`);
}
const userSame = JSON.stringify(shape([theirUser])) === JSON.stringify(shape([user()]));
if (!userSame) failures++;
console.log(`${userSame ? 'ok  ' : 'DIFF'} userShape`);
process.exitCode = failures ? 1 : 0;
