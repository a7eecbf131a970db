// A minimal EventSource for Node 20 (which has none) over fetch streaming: enough of the
// browser's shape for StreamManager: `open`, `message` (with `data`), `error`, and `close()`.
// Unlike the browser's, it never reconnects by itself: StreamManager owns reconnection.
import type { StreamMessage } from '../../src/core/index.js';

type Listener = (event: StreamMessage) => void;

export class FetchEventSource {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #abort = new AbortController();
  closed = false;

  constructor(url: string) {
    void this.#run(url);
  }

  addEventListener(type: string, fn: Listener): void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(fn);
  }

  removeEventListener(type: string, fn: Listener): void {
    this.#listeners.get(type)?.delete(fn);
  }

  close(): void {
    this.closed = true;
    this.#abort.abort();
  }

  #emit(type: string, event: StreamMessage = { data: undefined, type }): void {
    for (const fn of [...(this.#listeners.get(type) ?? [])]) fn(event);
  }

  async #run(url: string): Promise<void> {
    try {
      const res = await fetch(url, { signal: this.#abort.signal, headers: { accept: 'text/event-stream' } });
      if (!res.ok || !res.body) throw new Error(`SSE ${url}: HTTP ${res.status}`);
      this.#emit('open');
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter(l => l.startsWith('data:'))
            .map(l => l.slice(5).replace(/^ /, ''));
          if (data.length) this.#emit('message', { data: data.join('\n'), type: 'message' });
        }
      }
      throw new Error('SSE stream ended');
    } catch {
      if (!this.closed) this.#emit('error');
    }
  }
}
