import { effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { StatsResource } from '../shared/index.js';
import { h, type View } from './dom.js';

/**
 * The public counter, polled every `STATS_POLL_MS` through `client.live` while shown: tasks done
 * out of all tasks, and the server time of the last poll.
 * @example header.append(StatsBadge(client).el);
 */
export function StatsBadge(client: DataClient): View {
  const stats = client.live(StatsResource.get);
  const done = h('span', { 'data-testid': 'stats-done' }, '…');
  const total = h('span', { 'data-testid': 'stats-total' }, '…');
  const time = h('span', { class: 'muted', 'data-testid': 'stats-time' });
  const el = h('span', { class: 'badge', 'data-testid': 'stats' }, done, ' / ', total, ' done ', time);
  const dispose = effect(() => {
    const { data } = stats.value;
    if (!data) return;
    done.textContent = String(data.tasksDone);
    total.textContent = String(data.tasksTotal);
    time.textContent = new Date(data.serverTime).toLocaleTimeString();
  });
  return { el, dispose };
}
