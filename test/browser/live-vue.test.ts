// End-to-end: live updates of the vue page (event stream, WebSocket, tab sync) in Chromium.
import { liveSuite } from './live.js';

liveSuite('vue');
