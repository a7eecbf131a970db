// End-to-end: live updates of the solid page (event stream, WebSocket, tab sync) in Chromium.
import { liveSuite } from './live.js';

liveSuite('solid');
