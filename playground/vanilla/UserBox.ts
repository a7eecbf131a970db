import { effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { getMe, getSecretStats, logout, STATS_POLL_MS } from '../shared/index.js';
import { h, type View } from './dom.js';
import { report } from './state.js';

// The logged-in user's own counter is polled too; when the token expires, the next poll's 401
// reaches the LogoutManager, which logs the page out.
const mySecretStats = getSecretStats.extend({ pollFrequency: STATS_POLL_MS });

/**
 * The logged-in user's name, their own (token-protected, polled) counter and "Log out".
 * @example box.append(UserBox(client).el);
 */
export function UserBox(client: DataClient): View {
  const me = client.dle(getMe);
  const mine = client.live(mySecretStats);
  const name = h('strong', { 'data-testid': 'session-user' }, '…');
  const owned = h('span', { 'data-testid': 'my-stats' });
  const button = h('button', { 'data-testid': 'logout', onclick: () => void report(client.controller.fetch(logout)) }, 'Log out');
  const el = h('div', { class: 'inline' }, name, ' ', owned, ' ', button);
  const dispose = effect(() => {
    const user = me.value.data;
    if (user) name.textContent = user.name;
    const stats = mine.value.data;
    if (stats) owned.textContent = `mine: ${stats.tasksOwnedDone}/${stats.tasksOwned} done`;
  });
  return { el, dispose };
}
