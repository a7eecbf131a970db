import '../ui/style.css';
import { createDataClient } from '../../src/core/index.js';
import { playgroundManagers } from '../shared/index.js';
import { liveStream } from '../shared/live.js';
import { mountLiveIndicator } from '../ui/liveIndicator.js';
import { App } from './App.js';
import { logoutReason, selectedId } from './state.js';

// One client for the page. On a 401 the LogoutManager has already reset the store and cleared
// the token; the page only says why the login form is back.
// the board stays live: other windows' changes arrive through the server's event stream
const stream = liveStream();
const client = createDataClient({
  managers: [stream, ...playgroundManagers(() => {
    logoutReason.value = 'Your session expired (401). Please log in again.';
    selectedId.value = null;
  })],
});

document.getElementById('app')!.replaceChildren(App(client).el);
mountLiveIndicator(stream);
