// Case family 1: the pure schema functions on the long list (709 projects, 2,117 build types)
// and on one small entity. Anchor: @data-client/normalizr 0.18.1 with our Entity18.
import { oursStore } from '../lib/oursStore.mjs';
import { normalize as normalize18, denormalize as denormalize18, MemoCache } from '@data-client/normalizr';
import { projects, user } from '../data/generate.mjs';
import { Entity18 } from '../anchors/dc18Entity.mjs';
import { defineSchemas } from '../anchors/schemas.mjs';
import { floorNormalizeProjects, floorDenormalizeProjects, floorCache } from '../lib/floor.mjs';
import { compare } from '../lib/measure.mjs';
import { need } from '../lib/ours.mjs';

const DC = 'DC 0.18 normalizr';
const data = projects();
const userData = user();
const dc = defineSchemas(Entity18);
const meta = () => { const now = Date.now(); return { fetchedAt: now, date: now, expiresAt: now + 60_000 }; };
const empty = () => ({ entities: {}, indexes: {}, entitiesMeta: {} });

async function oursSchema() {
  const m = await need('Entity', 'normalize', 'denormalize');
  if (typeof m === 'string') return { reason: m };
  return { m, s: defineSchemas(m.Entity, { pkMethod: true }) };
}

/** Calls `fn` once to check it runs; a throwing engine becomes n/a with the error. */
function checked(name, fn, check) {
  try {
    const v = fn();
    if (check && !check(v)) return { name, reason: 'wrong result' };
    return { name, fn };
  } catch (error) {
    return { name, reason: `throws: ${String(error.message).split('\n')[0].slice(0, 80)}` };
  }
}

const dcNorm = normalize18(dc.ProjectSchema, data, [], empty(), meta());
const floorNorm = floorNormalizeProjects(data);
const dcUser = normalize18(dc.User, userData, [], empty(), meta());
const floorUser = new Map([[userData.login, { ...userData }]]);
const isLong = v => v?.project?.length === 709 && v.project[5].buildTypes.buildType.length === data.project[5].buildTypes.buildType.length;

export const cases = [
  {
    name: 'normalizeLong', unit: 'op', anchor: DC,
    describe: 'the long list (709 projects, 2,117 build types) normalized into empty tables (DC: `normalize(schema, data, [], emptyState, meta)`); floor: one pass copying each object into a Map by id',
    async run() {
      const ours = await oursSchema();
      return compare([
        { name: 'floor', fn: () => floorNormalizeProjects(data) },
        { name: DC, fn: () => normalize18(dc.ProjectSchema, data, [], empty(), meta()) },
        ours.m ? checked('ours', () => ours.m.normalize(ours.s.ProjectSchema, data)) : { name: 'ours', reason: ours.reason },
      ]);
    },
  },
  {
    name: 'denormalizeLong', unit: 'op', anchor: DC,
    describe: 'the long list built back from the tables with a fresh cache (DC: `new MemoCache().denormalize`; ours: `denormalize`); floor: one pass building nested copies from the Maps',
    async run() {
      const ours = await oursSchema();
      let oursEngine = { name: 'ours', reason: ours.reason };
      if (ours.m) {
        const n = ours.m.normalize(ours.s.ProjectSchema, data);
        oursEngine = checked('ours', () => ours.m.denormalize(ours.s.ProjectSchema, n.result, n.entities), isLong);
      }
      return compare([
        { name: 'floor', fn: () => floorDenormalizeProjects(floorNorm) },
        { name: DC, fn: () => new MemoCache().denormalize(dc.ProjectSchema, dcNorm.result, dcNorm.entities).data },
        oursEngine,
      ]);
    },
  },
  {
    name: 'denormalizeLong withCache', unit: 'op', anchor: DC,
    describe: 'the same, with a warm cache and unchanged tables (DC: a primed `MemoCache`; ours: the store\'s memo, `controller.getResponse` of the stored list after an unrelated write, so the whole read is not reused and each entity is answered by its memo); floor: one cached lookup',
    async run() {
      const memo = new MemoCache();
      memo.denormalize(dc.ProjectSchema, dcNorm.result, dcNorm.entities, []);
      const cached = floorCache();
      const ours = await oursStore();
      let oursEngine = { name: 'ours', reason: ours.reason };
      if (ours.m) {
        const c = ours.client();
        c.controller.setResponse(ours.ep.projects, data);
        const ping = new ours.m.RestEndpoint({ path: '/ping' });
        let n = 0;
        oursEngine = checked('ours', () => {
          c.controller.setResponse(ping, n++);
          return c.controller.getResponse(ours.ep.projects).data;
        }, isLong);
      }
      return compare([
        { name: 'floor', fn: () => cached('projects', 1, () => floorDenormalizeProjects(floorNorm)) },
        { name: DC, fn: () => memo.denormalize(dc.ProjectSchema, dcNorm.result, dcNorm.entities, []).data },
        oursEngine,
      ]);
    },
  },
  {
    name: 'denormalizeShort 500x', unit: 'op', anchor: DC,
    describe: 'one small user entity denormalized 500 times, each with a fresh cache; floor: 500 object copies',
    async run() {
      const ours = await oursSchema();
      let oursEngine = { name: 'ours', reason: ours.reason };
      if (ours.m) {
        const n = ours.m.normalize(ours.s.User, userData);
        oursEngine = checked('ours', () => {
          let v;
          for (let i = 0; i < 500; i++) v = ours.m.denormalize(ours.s.User, n.result, n.entities);
          return v;
        }, v => v?.login === userData.login);
      }
      return compare([
        { name: 'floor', fn: () => { let v; for (let i = 0; i < 500; i++) v = { ...floorUser.get('octo') }; return v; } },
        { name: DC, fn: () => { let v; for (let i = 0; i < 500; i++) v = new MemoCache().denormalize(dc.User, 'octo', dcUser.entities).data; return v; } },
        oursEngine,
      ]);
    },
  },
];
