// Case family 2: a whole reply through the store (setLong), and cached reads of it.
// Anchors: @data-client/core 0.10 (its reducer under a bare Controller), TanStack Query + normy.
import { initialState } from '@data-client/core';
import { effect } from '@preact/signals-core';
import { projects } from '../data/generate.mjs';
import { Entity10 } from '../anchors/dc10Entity.mjs';
import { defineSchemas } from '../anchors/schemas.mjs';
import { dc10Store, endpoint10 } from '../anchors/dc10Store.mjs';
import { tqStore, tqObserve } from '../anchors/tqNormy.mjs';
import { floorNormalizeProjects, floorDenormalizeProjects, floorCache } from '../lib/floor.mjs';
import { compare } from '../lib/measure.mjs';
import { oursStore, checked } from '../lib/oursStore.mjs';

const DC = 'DC 0.10 core', TQ = 'TQ+normy';
const data = projects();
const dc = defineSchemas(Entity10);
const getProjects10 = endpoint10('projects', dc.ProjectSchema);
const isLong = v => v?.project?.length === 709 && v.project[3].buildTypes.buildType.length === data.project[3].buildTypes.buildType.length;

function filledDc() {
  const store = dc10Store();
  store.controller.setResponse(getProjects10, data);
  if (!isLong(store.controller.getResponse(getProjects10, store.state).data)) throw new Error('DC 0.10 store did not take the reply');
  return store;
}
function filledTq() {
  const tq = tqStore();
  tq.queryClient.setQueryData(['projects'], data);
  return tq;
}
function floorStore() {
  const results = new Map(), cached = floorCache();
  const n = floorNormalizeProjects(data);
  results.set('projects', n.result);
  return { results, read: () => cached('projects', 1, () => floorDenormalizeProjects({ ...n, result: results.get('projects') })) };
}

export const cases = [
  {
    name: 'setLong', unit: 'op', anchor: DC,
    describe: 'the long list (709 projects, 2,117 build types) written into an empty store through `controller.setResponse` (TQ: `setQueryData`, normalized by normy); floor: normalize floor + one Map set',
    async run() {
      const dcStore = dc10Store();
      const ours = await oursStore();
      return compare([
        { name: 'floor', fn: () => new Map().set('projects', floorNormalizeProjects(data).result) },
        { name: DC, fn: () => { dcStore.state = initialState; dcStore.controller.setResponse(getProjects10, data); return dcStore.state; } },
        { name: TQ, param: () => tqStore(), fn: tq => tq.queryClient.setQueryData(['projects'], data) },
        ours.m ? checked('ours', c => { c.controller.setResponse(ours.ep.projects, data); return c; }, c => isLong(c.controller.getResponse(ours.ep.projects).data), { param: ours.client }) : { name: 'ours', reason: ours.reason },
      ]);
    },
  },
  {
    name: 'getResponse withCache', unit: 'op', anchor: DC,
    describe: 'reading the long list back, unchanged since the last read (`controller.getResponse`; TQ: `getQueryData`); floor: one cached lookup',
    async run() {
      const dcStore = filledDc(), tq = filledTq(), floor = floorStore();
      const ours = await oursStore();
      let oursEngine = { name: 'ours', reason: ours.reason };
      if (ours.m) {
        const c = ours.client();
        c.controller.setResponse(ours.ep.projects, data);
        oursEngine = checked('ours', () => c.controller.getResponse(ours.ep.projects).data, isLong);
      }
      return compare([
        { name: 'floor', fn: floor.read },
        { name: DC, fn: () => dcStore.controller.getResponse(getProjects10, dcStore.state).data },
        { name: TQ, fn: () => tq.queryClient.getQueryData(['projects']) },
        oursEngine,
      ]);
    },
  },
  {
    name: 'cache().value', unit: 'op', anchor: DC,
    describe: 'the signal-native read of an unchanged, watched view: `client.cache(endpoint).value` (DC 0.10: its selector, `getResponse`; TQ: `observer.getCurrentResult().data`); floor: one field read',
    async run() {
      const dcStore = filledDc(), tq = filledTq(), box = { value: data };
      const observed = tqObserve(tq.queryClient, ['projects'], () => {});
      const ours = await oursStore();
      let oursEngine = { name: 'ours', reason: ours.reason };
      if (ours.m) {
        const c = ours.client();
        c.controller.setResponse(ours.ep.projects, data);
        const view = c.cache(ours.ep.projects);
        effect(() => void view.value);
        oursEngine = checked('ours', () => view.value, isLong);
      }
      const result = await compare([
        { name: 'floor', fn: () => box.value },
        { name: DC, fn: () => dcStore.controller.getResponse(getProjects10, dcStore.state).data },
        { name: TQ, fn: () => observed.observer.getCurrentResult().data },
        oursEngine,
      ]);
      observed.unsubscribe();
      return result;
    },
  },
];
