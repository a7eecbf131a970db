/**
 * The message event a stream hands to `onMessage`: the transport's own event (`MessageEvent` of
 * an `EventSource` or a `WebSocket`); `data` is the payload as the server sent it (a string for
 * text frames and SSE; a `Blob`/`ArrayBuffer`/`Buffer` for binary WebSocket frames).
 *
 * @example
 * const onMessage = (event: StreamMessage) => JSON.parse(String(event.data));
 */
export interface StreamMessage {
  readonly data: unknown;
  /** The SSE event name (`'message'` for unnamed events); absent on WebSocket frames. */
  readonly type?: string;
  /** The SSE `id:` field of the event, if any. */
  readonly lastEventId?: string;
}

/**
 * What `connect()` returns: an `EventSource`, a `WebSocket` (browser, or `ws` in Node), or
 * anything with their event shape. The manager listens for `open`, `message`, `error` and
 * `close`, and calls `close()` when it gives the connection up.
 *
 * @example
 * const connect = (): StreamSource => new EventSource('/api/events');
 * const connectWs = (): StreamSource => new WebSocket('wss://example.com/api/live');
 */
export interface StreamSource {
  addEventListener(type: 'open' | 'error' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: StreamMessage) => void): void;
  removeEventListener(type: 'open' | 'error' | 'close', listener: () => void): void;
  removeEventListener(type: 'message', listener: (event: StreamMessage) => void): void;
  close(): void;
}

/**
 * The state of a `StreamManager`'s connection: `'connecting'` before the first open,
 * `'open'`, `'reconnecting'` while waiting for (or opening) the next attempt after a loss,
 * `'closed'` once its client was destroyed.
 *
 * @example
 * stream.status.subscribe(s => (dot.className = s));
 */
export type StreamStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';
