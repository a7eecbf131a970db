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

/**
 * Fires when the page becomes visible or its window gets focus; nothing where there is no `window`.
 *
 * @example
 * new FocusManager({ source: windowFocusSource });
 */
export const windowFocusSource: EventSource = notify => {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {};
  const onVisibility = (): void => {
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') notify();
  };
  window.addEventListener('visibilitychange', onVisibility, false);
  window.addEventListener('focus', notify, false);
  return () => {
    window.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', notify);
  };
};

/**
 * Fires when the browser goes back online; nothing where there is no `window`.
 *
 * @example
 * new OnlineManager({ source: windowOnlineSource });
 */
export const windowOnlineSource: EventSource = notify => {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {};
  window.addEventListener('online', notify, false);
  return () => window.removeEventListener('online', notify);
};

/**
 * Fires when the browser goes offline; nothing where there is no `window`.
 *
 * @example
 * new OnlineManager({ offlineSource: windowOfflineSource });
 */
export const windowOfflineSource: EventSource = notify => {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {};
  window.addEventListener('offline', notify, false);
  return () => window.removeEventListener('offline', notify);
};

/**
 * Whether the browser says it is online (`navigator.onLine`); true where there is no `navigator`.
 *
 * @example
 * new OnlineManager({ isOnline: browserIsOnline });
 */
export function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || (navigator as { onLine?: unknown }).onLine !== false;
}
