import type { ClientStats, DataClient } from '../../src/core/index.js';

/** The name of the page-global function {@link exposeStats} defines. */
export const STATS_GLOBAL = '__playgroundStats';

/**
 * Lets a script outside the app (the browser tests, the console) read the page client's counters
 * of live work: `window.__playgroundStats()` returns `client.stats()` (requests in flight, paused
 * mutations, watched views, ...). Read-only: it hands out a copy of the counters, never the client.
 * The browser soak waits on it for every request (and so every optimistic layer) to settle.
 * @example exposeStats(client); // in the console: __playgroundStats().inflight
 */
export function exposeStats(client: DataClient): void {
  Object.defineProperty(globalThis, STATS_GLOBAL, { value: (): ClientStats => client.stats(), configurable: true });
}
