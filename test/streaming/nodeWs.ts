// `ws` for Node tests. The test config resolves the 'browser' condition (Solid's and Vue's
// browser builds for the DOM tests), and Node is started with it too, so `require('ws')` would
// load ws's browser stub, which throws. Here `ws` is loaded by file, and `require('ws')` from
// dependencies (@fastify/websocket in the playground server) is pointed at that same file.
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const nodeBuild = join(dirname(require.resolve('ws/package.json')), 'index.js');

type Resolve = (request: string, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve & { wsPatched?: true } };
if (!loader._resolveFilename.wsPatched) {
  const original = loader._resolveFilename;
  const patched: Resolve & { wsPatched?: true } = (request, ...rest) => (request === 'ws' ? nodeBuild : original.call(Module, request, ...rest));
  patched.wsPatched = true;
  loader._resolveFilename = patched;
}

const ws = require(nodeBuild) as typeof import('ws');

export const WebSocket = ws.WebSocket;
export const WebSocketServer = ws.WebSocketServer;
