/**
 * A real loopback HTTP server for tests (node:http on 127.0.0.1, port 0). No `fetch` mocking:
 * requests go through the platform's `fetch` and the network stack.
 *
 * ```ts
 * const server = await createTestServer();
 * afterAll(() => server.close());
 *
 * server.url;                                  // 'http://127.0.0.1:54321'
 * const users = server.resource('/users', [{ id: 1, name: 'Ann' }]);
 * // GET /users?name=Ann, GET /users/1, POST /users, PUT/PATCH/DELETE /users/1
 * server.route('GET', '/me', req => ({ id: 1, token: req.headers.authorization }));
 * server.route('POST', '/upload', () => reply(201, { ok: true }));  // explicit status/headers
 *
 * server.requests;        // every request: { method, url, path, query, headers, body, json, params }
 * server.lastRequest;     // the most recent one
 *
 * // Faults for the NEXT request (one per request, in order; chain to combine):
 * server.next.delay(100).status(500, { error: 'boom' });
 * server.next.malformed();   // 200, content-type json, invalid JSON
 * server.next.noContent();   // 204 (the handler still runs)
 * server.next.reset();       // headers + part of the body, then the socket is destroyed
 * server.next.drop();        // the socket is destroyed before any reply
 * const release = server.next.hold();   // reply waits for release()
 * await release.arrived; await release();
 *
 * // Faults for a route until cleared (or `times` requests):
 * const f = server.when('GET', '/users/:id', { times: 2 }).status(404); f.clear();
 * await server.close();
 * ```
 *
 * Route matching uses path-to-regexp patterns on the path (query excluded). Routes registered
 * later win over earlier ones, so a `route()` after `resource()` overrides that resource's
 * member. Unmatched requests get 404 `{ error: 'no route' }`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { match } from 'path-to-regexp';
import { FaultBuilder, type FaultSpec, type RouteFault } from './faults.js';
import { MemoryResource, paramNames, type Item, type ResourceOptions } from './resource.js';
import { flattenHeaders, isReply, reply, type Handler, type RecordedRequest, type Reply } from './types.js';

export { reply, type RecordedRequest, type Reply, type Handler } from './types.js';
export { FaultBuilder, type Release } from './faults.js';
export { MemoryResource, type ResourceOptions, type Item } from './resource.js';

interface Route {
  method: string;
  match: (path: string) => Record<string, string> | undefined;
  handler: Handler;
}

/** A route-bound fault handle: the builder plus `clear()`. */
export interface RouteFaultHandle extends FaultBuilder {
  clear(): void;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  /** Every request received, in arrival order. Clear with `server.requests.length = 0`. */
  readonly requests: RecordedRequest[];
  /** The most recent request. */
  readonly lastRequest: RecordedRequest | undefined;
  /** Add a route; returns a function that removes it. */
  route(method: string, pattern: string, handler: Handler): () => void;
  /** Serve an in-memory REST collection at `base` (`/users` → `/users` and `/users/:id`). */
  resource(base: string, seed?: readonly Item[], options?: ResourceOptions): MemoryResource;
  /** A fault for the next request not yet claimed by an earlier `next` fault. */
  readonly next: FaultBuilder;
  /** A fault for every matching request, until `clear()` or `times` requests. */
  when(method: string, pattern: string, options?: { times?: number }): RouteFaultHandle;
  /** Resolves once `count` requests in total have arrived. */
  waitForRequests(count: number): Promise<RecordedRequest[]>;
  /** Drop all routes, faults and recorded requests. */
  clear(): void;
  close(): Promise<void>;
}

const matcher = (pattern: string) => {
  const m = match(pattern, { decode: decodeURIComponent });
  return (path: string): Record<string, string> | undefined => {
    const r = m(path);
    if (!r) return undefined;
    const out: Record<string, string> = Object.create(null);
    for (const [k, v] of Object.entries(r.params)) out[k] = Array.isArray(v) ? v.join('/') : String(v);
    return out;
  };
};

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', c => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function write(res: ServerResponse, r: Reply): void {
  if (res.destroyed) return;
  const headers: Record<string, string> = { ...r.headers };
  if (r.text !== undefined) headers['content-length'] = String(Buffer.byteLength(r.text));
  res.writeHead(r.status, headers);
  res.end(r.text);
}

/** Start a loopback server on 127.0.0.1 with an OS-assigned port. */
export async function createTestServer(): Promise<TestServer> {
  let routes: Route[] = [];
  let nextFaults: FaultBuilder[] = [];
  let routeFaults: RouteFault[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: (r: RecordedRequest[]) => void }[] = [];
  const sockets = new Set<Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q === -1 ? raw : raw.slice(0, q);
    const body = await readBody(req);
    let json: unknown;
    try {
      json = body === '' ? undefined : JSON.parse(body);
    } catch {
      json = undefined;
    }
    const rec: RecordedRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      url: raw,
      path,
      query: new URLSearchParams(q === -1 ? '' : raw.slice(q + 1)),
      headers: flattenHeaders(req.headers),
      body,
      json,
      params: {},
    };
    requests.push(rec);
    for (const w of [...waiters]) {
      if (requests.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(requests.slice());
      }
    }

    // Claim faults: the next one-shot fault, plus every route fault that matches.
    const specs: FaultSpec[] = [];
    const one = nextFaults.shift();
    if (one) specs.push(one.spec);
    for (const f of routeFaults) {
      if (f.remaining > 0 && f.method === rec.method && f.match(path)) {
        f.remaining--;
        specs.push(f.builder.spec);
      }
    }
    routeFaults = routeFaults.filter(f => f.remaining > 0);
    const spec: FaultSpec = Object.assign({}, ...specs);

    let result: Reply;
    const route = [...routes].reverse().find(r => r.method === rec.method && r.match(path));
    try {
      if (route) {
        rec.params = route.match(path)!;
        const out = await route.handler(rec);
        result = isReply(out) ? out : out === undefined ? reply(204) : reply(200, out);
      } else result = reply(404, { error: 'no route', method: rec.method, path });
    } catch (e) {
      result = reply(500, { error: String(e) });
    }

    if (spec.status) result = reply(spec.status.code, spec.status.body ?? { error: `status ${spec.status.code}` });
    if (spec.noContent) result = reply(204);
    if (spec.malformed) result = reply(200, '{"id": 1, "name": "trunc', { 'content-type': 'application/json' });
    spec.hold?.arrived(rec);
    if (spec.delayMs) await sleep(spec.delayMs);
    if (spec.hold) await spec.hold.gate;

    if (spec.drop) {
      res.socket?.destroy();
      spec.hold?.written();
      return;
    }
    if (spec.reset) {
      const text = result.text && result.text.length > 2 ? result.text : '{"padding": "' + 'x'.repeat(64) + '"}';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length * 4) });
      res.write(text.slice(0, Math.ceil(text.length / 2)));
      await sleep(20);
      res.socket?.destroy();
      spec.hold?.written();
      return;
    }
    write(res, result);
    spec.hold?.written();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(err => {
      if (!res.headersSent) write(res, reply(500, { error: String(err) }));
    });
  });
  // Node closes an idle keep-alive socket after 5 s; on a loaded machine a client could pick that
  // socket just as it closes and see a reset no test asked for. Sockets are destroyed on close().
  server.keepAliveTimeout = 60_000;
  server.on('connection', s => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const api: TestServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    get lastRequest() {
      return requests[requests.length - 1];
    },
    route(method, pattern, handler) {
      const r: Route = { method: method.toUpperCase(), match: matcher(pattern), handler };
      routes.push(r);
      return () => {
        routes = routes.filter(x => x !== r);
      };
    },
    resource(base, seed = [], options = {}) {
      const store = new MemoryResource(seed, options);
      const baseParams = paramNames(base);
      const one = `${base.replace(/\/$/, '')}/:id`;
      api.route('GET', base, req => store.handleList(req, baseParams));
      api.route('POST', base, req => store.handleCreate(req, baseParams));
      for (const m of ['GET', 'PUT', 'PATCH', 'DELETE']) api.route(m, one, req => store.handleOne(req));
      return store;
    },
    get next() {
      const b = new FaultBuilder();
      nextFaults.push(b);
      return b;
    },
    when(method, pattern, options = {}) {
      const builder = new FaultBuilder() as RouteFaultHandle;
      const f: RouteFault = { method: method.toUpperCase(), match: matcher(pattern), builder, remaining: options.times ?? Infinity };
      routeFaults.push(f);
      builder.clear = () => {
        routeFaults = routeFaults.filter(x => x !== f);
      };
      return builder;
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve(requests.slice());
      return new Promise(resolve => waiters.push({ count, resolve }));
    },
    clear() {
      routes = [];
      nextFaults = [];
      routeFaults = [];
      requests.length = 0;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve, reject) => server.close(e => (e ? reject(e) : resolve())));
    },
  };
  return api;
}
