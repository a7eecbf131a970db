import type { Controller } from './Controller.js';
import { browserIsOnline, windowFocusSource, windowOfflineSource, windowOnlineSource, type EventSource } from './eventSources.js';
import { gateOf, type RequestGate } from './RequestGate.js';
import { contextOf } from './ManagerContext.js';
import { CLIENT, type Manager } from './Manager.js';
import type { Middleware } from './actions.js';

/** Refetches stale watched data when its event fires. Views register with the controller, not this. */
abstract class RevalidateManager implements Manager {
  [CLIENT]: Controller | undefined;
  readonly #source: EventSource;
  #stop: (() => void) | undefined;

  constructor(source: EventSource) {
    if (typeof source !== 'function') {
      throw new TypeError(`${new.target.name}: ${process.env.NODE_ENV !== 'production' ? 'option source must be a function' : 'bad-option source'}`);
    }
    this.#source = source;
  }

  middleware: Middleware = controller => {
    this.start(controller);
    return next => next;
  };

  protected start(controller: Controller): void {
    this.#stop = this.#source(() => this.revalidate(controller));
  }

  protected revalidate(controller: Controller): void {
    for (const { watched } of [...contextOf(controller).owners.values()]) {
      if (!watched) continue;
      controller.fetchIfStale(watched.endpoint, ...watched.args).catch(() => {
        // recorded for getError
      });
    }
  }

  cleanup(): void {
    this.#stop?.();
    this.#stop = undefined;
  }
}

/**
 * Refetches stale watched data on window focus or page visible. Off without `window` unless `source` is given.
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
 * Options of `OnlineManager`; every field is optional.
 *
 * @example
 * new OnlineManager({ source: netInfo.onReconnect, offlineSource: netInfo.onDisconnect, isOnline: () => netInfo.connected });
 */
export interface OnlineManagerOptions {
  /**
   * Fires when the network comes back.
   * @default windowOnlineSource (the window's `online` event)
   */
  readonly source?: EventSource;
  /**
   * Fires when the network goes away.
   * @default the window's `offline` event
   */
  readonly offlineSource?: EventSource;
  /**
   * Whether the network is there when the client starts.
   * @default () => navigator.onLine (true where there is no `navigator`)
   */
  readonly isOnline?: () => boolean;
  /**
   * Ms before lie-fi probe `attempt` (0-based): a paused mutation that got no reply is resent
   * then; the client is offline until some reply comes (or `online` fires).
   * @default 1 s doubling to 30 s, with jitter
   */
  readonly probeDelay?: (attempt: number) => number;
}

/**
 * The client's view of the network. Offline, mutations pause (optimistic updates shown, sent in
 * issue order later) and GETs wait; back online, they leave and stale watched data refetches.
 * Lie-fi keeps a mutation paused until a probe gets a reply. Follows the browser by default.
 *
 * @example
 * const online = new OnlineManager({ source: notify => netInfo.onReconnect(notify) });
 * createDataClient({ managers: [online, new NetworkManager()] });
 * online.setOnline(false); // mutations now wait
 */
export class OnlineManager extends RevalidateManager {
  readonly #offlineSource: EventSource;
  readonly #isOnline: () => boolean;
  readonly #probeDelay: ((attempt: number) => number) | undefined;
  #gate: RequestGate | undefined;
  #online: boolean | undefined;
  #stopOffline: (() => void) | undefined;

  constructor({ source = windowOnlineSource, offlineSource = windowOfflineSource, isOnline = browserIsOnline, probeDelay }: OnlineManagerOptions = {}) {
    super(source);
    if (typeof offlineSource !== 'function') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? 'OnlineManager: option offlineSource must be a function' : 'OnlineManager: bad-option offlineSource');
    }
    if (typeof isOnline !== 'function') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? 'OnlineManager: option isOnline must be a function' : 'OnlineManager: bad-option isOnline');
    }
    this.#offlineSource = offlineSource;
    if (probeDelay !== undefined && typeof probeDelay !== 'function') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? 'OnlineManager: option probeDelay must be a function' : 'OnlineManager: bad-option probeDelay');
    }
    this.#isOnline = isOnline;
    this.#probeDelay = probeDelay;
  }

  protected override start(controller: Controller): void {
    this.#gate = gateOf(controller);
    this.#gate.driven = true;
    if (this.#probeDelay) this.#gate.probeDelay = this.#probeDelay;
    this.#gate.setOnline(this.#online ?? this.#isOnline());
    this.#stopOffline = this.#offlineSource(() => this.setOnline(false));
    super.start(controller);
  }

  /** Paused requests leave first, then stale watched data refetches. */
  protected override revalidate(controller: Controller): void {
    this.#online = true;
    this.#gate?.setOnline(true);
    super.revalidate(controller);
  }

  /** Whether the client considers itself online. */
  isOnline(): boolean {
    return this.#gate?.online ?? this.#online ?? this.#isOnline();
  }

  /** `true` sends what was paused and refetches stale data. */

  setOnline(online: boolean): void {
    if (typeof online !== 'boolean') {
      throw new TypeError(
        process.env.NODE_ENV !== 'production' ? `OnlineManager.setOnline: expected a boolean, got ${String(online)}` : 'OnlineManager.setOnline: bad-argument',
      );
    }
    if (online && this[CLIENT]) return this.revalidate(this[CLIENT]);
    this.#online = online;
    this.#gate?.setOnline(online);
  }

  override cleanup(): void {
    this.#stopOffline?.();
    this.#stopOffline = undefined;
    super.cleanup();
  }
}
