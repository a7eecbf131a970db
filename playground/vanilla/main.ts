import '../ui/style.css';
import { createDataClient } from '../../src/core/index.js';
import { mountDevtools } from '../../src/devtools/index.js';
import { playgroundManagers } from '../shared/index.js';
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

document.getElementById('app')!.replaceChildren(App(client).el);
// the devtools panel, closed until its button is clicked
mountDevtools(client);
