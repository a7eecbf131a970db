import '../ui/style.css';
import { createApp } from 'vue';
import { DataClientPlugin } from '../../src/adapters/vue/index.js';
import { createDataClient } from '../../src/core/index.js';
import { mountDevtools } from '../../src/devtools/index.js';
import { exposeStats, offlinePlayground, pendingTaskIds, playgroundManagers } from '../shared/index.js';
import { liveManagers } from '../shared/live.js';
import { mountLiveIndicator } from '../ui/liveIndicator.js';
import App from './App.vue';
import { logoutReason, pendingIds, selectedId } from './state.js';

// On a 401 the LogoutManager has already reset the store and cleared the token; the page only
// says why the login form is back.
const managers = playgroundManagers(() => {
  logoutReason.value = 'Your session expired (401). Please log in again.';
  selectedId.value = null;
});
// the board stays live: other windows' changes arrive through the server's event stream, and
// other tabs' replies through tab sync
const live = liveManagers();
const stream = live[0];
managers.unshift(...live);

// The page's client is made here so the devtools panel (closed until its button is clicked) can
// see it; `devtools: true` adds the same tables to Vue Devtools when that is open. Its store
// survives reloads (IndexedDB) and mutations made offline wait for the network.
const client = createDataClient({ managers });
offlinePlayground(client);
pendingTaskIds(client).subscribe(ids => (pendingIds.value = ids));
mountDevtools(client);
exposeStats(client);
createApp(App).use(DataClientPlugin, { client, devtools: true }).mount('#app');
mountLiveIndicator(stream);
