// Heap and watcher measurements for the leak specs. `gc` is reached without a config change:
// the flag is set at run time and the function read from a fresh context.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { DataClient } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** One full collection, now. */
export const collect = () => gc();

/** Heap used after full collections (a few, with turns between, so finalizers and weak refs settle). */
export async function settledHeap(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise(r => setTimeout(r, 10));
  }
  return process.memoryUsage().heapUsed;
}

/**
 * As `settledHeap`, without V8's code spaces: compiled and re-optimized functions keep arriving for
 * thousands of operations after warm-up, and they are the engine's memory, not the client's.
 */
export async function settledDataHeap(): Promise<number> {
  await settledHeap();
  return getHeapSpaceStatistics()
    .filter(s => !s.space_name.startsWith('code_'))
    .reduce((sum, s) => sum + s.space_used_size, 0);
}

/** Everything in the client that is watched or running: views, polling, requests, watched cells. */
export function watchers(client: DataClient): Record<string, number> {
  const { store } = contextOf(client.controller);
  let entityCells = 0;
  let resultCells = 0;
  store.entities.forEach((_key, _pk, cell) => void (cell.watched && entityCells++));
  store.forEachResult((_key, cell) => void (cell.watched && resultCells++));
  const s = client.stats();
  return {
    watchedViews: s.watchedViews,
    subscriptions: s.subscriptions,
    timers: s.timers,
    inflight: s.inflight,
    liveResultOwners: [...store.owners.values()].filter(o => o.live).length,
    watchedEntityCells: entityCells,
    watchedResultCells: resultCells,
    layers: store.layerCount,
  };
}

export const NONE = {
  watchedViews: 0,
  subscriptions: 0,
  timers: 0,
  inflight: 0,
  liveResultOwners: 0,
  watchedEntityCells: 0,
  watchedResultCells: 0,
  layers: 0,
};

/** Megabytes, for messages. */
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
