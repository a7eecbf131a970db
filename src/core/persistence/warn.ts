/**
 * Reports a problem persistence recovered from (a dropped entry, a storage that failed), never
 * thrown into the app. Every message starts with `[rest-signals]` and names the storage key.
 */
export function warn(message: string, cause?: unknown): void {
  if (cause === undefined) console.warn(`[rest-signals] ${message}`);
  else console.warn(`[rest-signals] ${message}`, cause);
}
