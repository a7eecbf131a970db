// A real loopback push server for stream tests: Server-Sent Events at GET /events and WebSocket
// at /ws (the `ws` library), both fed by `send()`. It can drop every connection and refuse the
// next connection attempts, and it records when each attempt arrived (to observe backoff).
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { WebSocketServer } from './nodeWs.js';

export interface PushServer {
  readonly url: string;
  /** `performance.now()` of every connection attempt (SSE or WebSocket), refused ones included. */
  readonly attempts: number[];
  /** Connections currently open. */
  readonly open: number;
  /** Sends one message to every open connection (`data` as is when a string, else JSON). */
  send(data: unknown): void;
  /** Sends many messages in one write per connection (a burst, as a busy server does). */
  sendMany(messages: readonly unknown[]): void;
  /** Destroys every open connection (the network drops). */
  dropAll(): void;
  /** The next `n` connection attempts are refused (503 / socket destroyed). */
  refuse(n: number): void;
  /** Resolves when `count` connections are open. */
  waitForOpen(count: number): Promise<void>;
  close(): Promise<void>;
}

const text = (data: unknown): string => (typeof data === 'string' ? data : JSON.stringify(data));

export async function createPushServer(): Promise<PushServer> {
  const sse = new Set<ServerResponse>();
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<Socket>();
  const attempts: number[] = [];
  let refusals = 0;
  let waiters: (() => void)[] = [];
  const openCount = (): number => sse.size + wss.clients.size;
  const changed = (): void => {
    const w = waiters;
    waiters = [];
    w.forEach(fn => fn());
  };

  const server = createServer((req, res) => {
    if (req.url !== '/events') return void res.writeHead(404).end();
    attempts.push(performance.now());
    if (refusals > 0) {
      refusals--;
      return void res.writeHead(503).end();
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': connected\n\n');
    sse.add(res);
    res.on('close', () => {
      sse.delete(res);
      changed();
    });
    changed();
  });
  server.on('connection', s => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req, socket, head) => {
    attempts.push(performance.now());
    if (req.url !== '/ws' || refusals > 0) {
      if (req.url === '/ws') refusals--;
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      ws.on('close', changed);
      changed();
    });
  });
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    get open() {
      return openCount();
    },
    send(data) {
      for (const res of sse) res.write(`data: ${text(data).replace(/\n/g, '\ndata: ')}\n\n`);
      for (const ws of wss.clients) ws.send(text(data));
    },
    sendMany(messages) {
      const frame = messages.map(m => `data: ${text(m)}\n\n`).join('');
      for (const res of sse) res.write(frame);
      for (const ws of wss.clients) for (const m of messages) ws.send(text(m));
    },
    dropAll() {
      for (const res of sse) res.socket?.destroy();
      for (const ws of wss.clients) ws.terminate();
    },
    refuse(n) {
      refusals = n;
    },
    waitForOpen(count) {
      return new Promise<void>(resolve => {
        const check = (): void => (openCount() >= count ? resolve() : void waiters.push(check));
        check();
      });
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>(r => server.close(() => r()));
    },
  };
}
