import '../ui/style.css';
import { createDataClient } from '../../src/core/index.js';
import { mountDevtools } from '../../src/devtools/index.js';
import { exposeStats, offlinePlayground, pendingTaskIds, playgroundManagers } from '../shared/index.js';
import { liveManagers } from '../shared/live.js';
import { mountLiveIndicator } from '../ui/liveIndicator.js';
import { App } from './App.js';
import { logoutReason, pendingIds, selectedId } from './state.js';

// One client for the page. On a 401 the LogoutManager has already reset the store and cleared
// the token; the page only says why the login form is back.
// the board stays live: other windows' changes arrive through the server's event stream, and
// other tabs' replies through tab sync
const live = liveManagers();
const stream = live[0];
const client = createDataClient({
  managers: [...live, ...playgroundManagers(() => {
    logoutReason.value = 'Your session expired (401). Please log in again.';
    selectedId.value = null;
  })],
});

// the store survives reloads (IndexedDB) and mutations made offline wait for the network
offlinePlayground(client);
pendingTaskIds(client).subscribe(ids => (pendingIds.value = ids));

document.getElementById('app')!.replaceChildren(App(client).el);
// the devtools panel, closed until its button is clicked
mountDevtools(client);
exposeStats(client);
mountLiveIndicator(stream);
