import type { Controller } from './Controller.js';
import { windowFocusSource, windowOnlineSource, type EventSource } from './eventSources.js';
import { internalsOf } from './internal.js';
import type { Manager } from './Manager.js';

/**
 * Refetches the stale data of every watched view when its event fires; fresh data is left
 * alone. One instance per client: the views register with the controller, not with this.
 */
abstract class RevalidateManager implements Manager {
  readonly #source: EventSource;
  #stop: (() => void) | undefined;

  constructor(source: EventSource) {
    if (typeof source !== 'function') throw new TypeError(`${new.target.name}: option source must be a function`);
    this.#source = source;
  }

  init(controller: Controller): void {
    this.#stop = this.#source(() => {
      for (const { endpoint, args } of internalsOf(controller).active.values()) {
        controller.fetchIfStale(endpoint, ...args).catch(() => {
          // recorded for getError
        });
      }
    });
  }

  cleanup(): void {
    this.#stop?.();
    this.#stop = undefined;
  }
}

/**
 * Refetches stale watched data when the window regains focus (or the page becomes visible).
 * Off where there is no `window`; pass `source` to drive it from elsewhere (tests, native apps).
 *
 * @example
 * new FocusManager({ source: notify => appState.onForeground(notify) });
 */
export class FocusManager extends RevalidateManager {
  constructor({ source = windowFocusSource }: { source?: EventSource } = {}) {
    super(source);
  }
}

/**
 * Refetches stale watched data when the network comes back. Off where there is no `window`;
 * pass `source` to drive it from elsewhere.
 *
 * @example
 * new OnlineManager({ source: notify => netInfo.onReconnect(notify) });
 */
export class OnlineManager extends RevalidateManager {
  constructor({ source = windowOnlineSource }: { source?: EventSource } = {}) {
    super(source);
  }
}
