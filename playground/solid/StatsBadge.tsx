import type { JSX } from 'solid-js';
import { useLive } from '../../src/adapters/solid/index.js';
import { StatsResource } from '../shared/index.js';

/**
 * The public counter, polled every `STATS_POLL_MS` by `useLive` while shown.
 * @example <Suspense fallback="…"><StatsBadge /></Suspense>
 */
export function StatsBadge(): JSX.Element {
  const stats = useLive(StatsResource.get);
  return (
    <span class="badge" data-testid="stats">
      <span data-testid="stats-done">{stats()?.tasksDone}</span> / <span data-testid="stats-total">{stats()?.tasksTotal}</span>
      {' done '}
      <span class="muted" data-testid="stats-time">{stats() ? new Date(stats()!.serverTime).toLocaleTimeString() : ''}</span>
    </span>
  );
}
