import '../ui/style.css';
import { createDataClient } from '../../src/core/index.js';
import { offlinePlayground, playgroundManagers } from '../shared/index.js';
import { App } from './App.js';
import { logoutReason, selectedId } from './state.js';

// One client for the page. On a 401 the LogoutManager has already reset the store and cleared
// the token; the page only says why the login form is back.
const client = createDataClient({
  managers: playgroundManagers(() => {
    logoutReason.value = 'Your session expired (401). Please log in again.';
    selectedId.value = null;
  }),
});

// the store survives reloads (IndexedDB) and mutations made offline wait for the network
offlinePlayground(client);

document.getElementById('app')!.replaceChildren(App(client).el);
