// End-to-end: live updates of the vanilla page (event stream, WebSocket, tab sync) in Chromium.
import { liveSuite } from './live.js';

liveSuite('vanilla');
