import '../ui/style.css';
import { render } from 'solid-js/web';
import { DataProvider } from '../../src/adapters/solid/index.js';
import { createDataClient } from '../../src/core/index.js';
import { mountDevtools } from '../../src/devtools/index.js';
import { playgroundManagers } from '../shared/index.js';
import { App } from './App.js';
import { setLogoutReason, setSelectedId } from './state.js';

// On a 401 the LogoutManager has already reset the store and cleared the token; the page only
// says why the login form is back.
const managers = playgroundManagers(() => {
  setLogoutReason('Your session expired (401). Please log in again.');
  setSelectedId(null);
});

// The page's client is made here so the devtools panel (closed until its button is clicked) can see it.
const client = createDataClient({ managers });
mountDevtools(client);

render(() => (
  <DataProvider client={client}>
    <App />
  </DataProvider>
), document.getElementById('app')!);
