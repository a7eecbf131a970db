import { effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { StatsResource } from '../shared/index.js';
import { errorText } from '../ui/board.js';
import { h, type View } from './dom.js';

/**
 * The public counter, polled every `STATS_POLL_MS` through `client.live` while shown: tasks done
 * out of all tasks, and the server time of the last poll. A failed load with nothing to show
 * (after a logout reset the store) says why, with "Retry"; the next poll retries anyway.
 * @example header.append(StatsBadge(client).el);
 */
export function StatsBadge(client: DataClient): View {
  const stats = client.live(StatsResource.get);
  const done = h('span', { 'data-testid': 'stats-done' }, '…');
  const total = h('span', { 'data-testid': 'stats-total' }, '…');
  const time = h('span', { class: 'muted', 'data-testid': 'stats-time' });
  const counter = h('span', {}, done, ' / ', total, ' done ', time);
  const failure = h('span', { 'data-testid': 'stats-error' });
  const retry = h('button', {
    'data-testid': 'stats-retry',
    onclick: () => void client.controller.fetch(StatsResource.get).catch(() => undefined),
  }, 'Retry');
  const failed = h('span', { role: 'alert' }, failure, retry);
  const el = h('span', { class: 'badge', 'data-testid': 'stats' }, counter, failed);
  const dispose = effect(() => {
    const { data, error } = stats.value;
    const shown = data !== undefined || error === undefined;
    counter.hidden = !shown;
    failed.hidden = shown;
    el.classList.toggle('error', !shown);
    failure.textContent = shown ? '' : errorText(error);
    if (!data) return;
    done.textContent = String(data.tasksDone);
    total.textContent = String(data.tasksTotal);
    time.textContent = new Date(data.serverTime).toLocaleTimeString();
  });
  return { el, dispose };
}
