import type { ServerResponse } from 'node:http';

/**
 * A change announced to every live client, by SSE (`GET /api/events`) and WebSocket
 * (`/api/live`), one JSON object per message.
 */
export type LiveMessage =
  | { type: 'task.created' | 'task.updated' | 'task.moved'; task: Record<string, unknown> }
  | { type: 'task.deleted'; id: number }
  | { type: 'stats'; stats: Record<string, unknown> }
  | { type: 'reset' };

/** Anything that can be sent a text frame and closed: a `ws` WebSocket. */
interface Socket {
  send(data: string): void;
  close(): void;
}

/** How often an idle SSE stream gets a comment line, so proxies keep it open (ms). */
const HEARTBEAT_MS = 15_000;

/**
 * The live clients of one playground server: SSE responses and WebSockets. `announce` sends a
 * message to all of them; `close` ends every stream and the heartbeat (no timer outlives the server).
 * @example
 * const hub = new LiveHub();
 * hub.announce({ type: 'task.deleted', id: 3 });
 */
export class LiveHub {
  readonly #streams = new Set<ServerResponse>();
  readonly #sockets = new Set<Socket>();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  /** How many clients are connected (both transports). */
  get size(): number {
    return this.#streams.size + this.#sockets.size;
  }

  /** Keeps an SSE response open as a stream of messages until the client leaves. */
  addStream(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': live\n\n');
    this.#streams.add(res);
    res.on('close', () => {
      this.#streams.delete(res);
      this.#idle();
    });
    this.#heartbeat ??= setInterval(() => {
      for (const s of this.#streams) s.write(': ping\n\n');
    }, HEARTBEAT_MS);
  }

  addSocket(socket: Socket & { on(event: 'close', fn: () => void): void }): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
  }

  announce(message: LiveMessage): void {
    const text = JSON.stringify(message);
    for (const s of this.#streams) s.write(`data: ${text}\n\n`);
    for (const s of this.#sockets) s.send(text);
  }

  close(): void {
    for (const s of this.#streams) s.end();
    for (const s of this.#sockets) s.close();
    this.#streams.clear();
    this.#sockets.clear();
    this.#idle(true);
  }

  #idle(force = false): void {
    if (force || this.#streams.size === 0) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }
}
