// `ws` for Node tests. The test config resolves the 'browser' condition, under which `ws` is a
// stub that throws; its Node build is loaded by file instead.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const ws = require(join(dirname(require.resolve('ws/package.json')), 'index.js')) as typeof import('ws');

export const WebSocket = ws.WebSocket;
export const WebSocketServer = ws.WebSocketServer;
