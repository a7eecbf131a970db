import type { StreamManager } from '../../src/core/index.js';

const LABELS = { connecting: 'connecting…', open: 'live', reconnecting: 'reconnecting…', closed: 'offline' } as const;

/**
 * A small dot + label showing the state of the page's live connection
 * (`data-testid="live-status"`, `data-state` one of connecting / open / reconnecting / closed),
 * appended to the page header. Plain DOM over the stream's `status` signal, so the three pages
 * share it. Returns the function that removes it.
 * @example const remove = mountLiveIndicator(stream);
 */
export function mountLiveIndicator(stream: StreamManager, parent: Element | null = document.querySelector('header')): () => void {
  const el = document.createElement('span');
  el.className = 'live-status';
  el.dataset.testid = 'live-status';
  const stop = stream.status.subscribe(state => {
    el.dataset.state = state;
    el.textContent = LABELS[state];
    el.title = `live updates: ${state}`;
  });
  (parent ?? document.body).append(el);
  return () => {
    stop();
    el.remove();
  };
}
