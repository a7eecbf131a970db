/**
 * A source of one kind of event (window focus, network reconnect): called with a listener, it
 * starts listening and returns the function that stops.
 *
 * @example
 * const source: EventSource = notify => {
 *   window.addEventListener('focus', notify);
 *   return () => window.removeEventListener('focus', notify);
 * };
 */
export type EventSource = (notify: () => void) => () => void;

/** Notifies on each of `events` on the window that `accept` lets through; nothing where there is no `window`. */
function windowSource(events: readonly string[], accept: (event: Event) => boolean = () => true): EventSource {
  return notify => {
    if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {};
    const on = (event: Event): void => {
      if (accept(event)) notify();
    };
    for (const e of events) window.addEventListener(e, on, false);
    return () => {
      for (const e of events) window.removeEventListener(e, on);
    };
  };
}

/**
 * Fires when the page becomes visible or its window gets focus; nothing where there is no `window`.
 *
 * @example
 * new FocusManager({ source: windowFocusSource });
 */
export const windowFocusSource: EventSource = /* @__PURE__ */ windowSource(['visibilitychange', 'focus'], e =>
  e.type === 'focus' || typeof document === 'undefined' || document.visibilityState !== 'hidden');

/**
 * Fires when the browser goes back online; nothing where there is no `window`.
 *
 * @example
 * new OnlineManager({ source: windowOnlineSource });
 */
export const windowOnlineSource: EventSource = /* @__PURE__ */ windowSource(['online']);

/**
 * Fires when the browser goes offline; nothing where there is no `window`.
 *
 * @example
 * new OnlineManager({ offlineSource: windowOfflineSource });
 */
export const windowOfflineSource: EventSource = /* @__PURE__ */ windowSource(['offline']);

/**
 * Whether the browser says it is online (`navigator.onLine`); true where there is no `navigator`.
 *
 * @example
 * new OnlineManager({ isOnline: browserIsOnline });
 */
export function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || (navigator as { onLine?: unknown }).onLine !== false;
}
