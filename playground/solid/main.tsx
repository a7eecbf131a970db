import '../ui/style.css';
import { render } from 'solid-js/web';
import { DataProvider } from '../../src/adapters/solid/index.js';
import { createDataClient } from '../../src/core/index.js';
import { offlinePlayground, pendingTaskIds, playgroundManagers } from '../shared/index.js';
import { App } from './App.js';
import { setLogoutReason, setPendingIds, setSelectedId } from './state.js';

// On a 401 the LogoutManager has already reset the store and cleared the token; the page only
// says why the login form is back.
const managers = playgroundManagers(() => {
  setLogoutReason('Your session expired (401). Please log in again.');
  setSelectedId(null);
});

// the store survives reloads (IndexedDB) and mutations made offline wait for the network
const client = createDataClient({ managers });
offlinePlayground(client);
pendingTaskIds(client).subscribe(ids => setPendingIds(ids));

render(() => (
  <DataProvider client={client}>
    <App />
  </DataProvider>
), document.getElementById('app')!);
