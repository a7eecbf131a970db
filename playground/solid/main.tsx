import '../ui/style.css';
import { render } from 'solid-js/web';
import { DataProvider } from '../../src/adapters/solid/index.js';
import { createDataClient } from '../../src/core/index.js';
import { mountDevtools } from '../../src/devtools/index.js';
import { exposeStats, offlinePlayground, pendingTaskIds, playgroundManagers } from '../shared/index.js';
import { liveManagers } from '../shared/live.js';
import { mountLiveIndicator } from '../ui/liveIndicator.js';
import { App } from './App.js';
import { setLogoutReason, setPendingIds, setSelectedId } from './state.js';

// On a 401 the LogoutManager has already reset the store and cleared the token; the page only
// says why the login form is back.
const managers = playgroundManagers(() => {
  setLogoutReason('Your session expired (401). Please log in again.');
  setSelectedId(null);
});
// the board stays live: other windows' changes arrive through the server's event stream, and
// other tabs' replies through tab sync
const live = liveManagers();
const stream = live[0];
managers.unshift(...live);

// The page's client is made here so the devtools panel (closed until its button is clicked) can see it.
// Its store survives reloads (IndexedDB) and mutations made offline wait for the network.
const client = createDataClient({ managers });
offlinePlayground(client);
pendingTaskIds(client).subscribe(ids => setPendingIds(ids));
mountDevtools(client);
exposeStats(client);

render(() => (
  <DataProvider client={client}>
    <App />
  </DataProvider>
), document.getElementById('app')!);
mountLiveIndicator(stream);
