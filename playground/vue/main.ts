import '../ui/style.css';
import { createApp } from 'vue';
import { DataClientPlugin } from '../../src/adapters/vue/index.js';
import { createDataClient } from '../../src/core/index.js';
import { offlinePlayground, pendingTaskIds, playgroundManagers } from '../shared/index.js';
import App from './App.vue';
import { logoutReason, pendingIds, selectedId } from './state.js';

// On a 401 the LogoutManager has already reset the store and cleared the token; the page only
// says why the login form is back.
const managers = playgroundManagers(() => {
  logoutReason.value = 'Your session expired (401). Please log in again.';
  selectedId.value = null;
});

// the store survives reloads (IndexedDB) and mutations made offline wait for the network
const client = createDataClient({ managers });
offlinePlayground(client);
pendingTaskIds(client).subscribe(ids => (pendingIds.value = ids));

createApp(App).use(DataClientPlugin, { client }).mount('#app');
