// @refresh reload
import { mount, StartClient } from '@solidjs/start/client';
import { streamEnd } from 'rest-signals/solid-start';

// hydrate once the server's stream (and the state it carried) is complete
void streamEnd().then(() => mount(() => <StartClient />, document.getElementById('app')!));
