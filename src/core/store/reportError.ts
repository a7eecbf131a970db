/**
 * Reports an error that must not reach the code that caused it (a store listener's, after the write
 * it heard is done): the platform's `reportError` where there is one (browsers, Deno, Bun), else
 * rethrown on a microtask, as an event listener's error is.
 *
 * @example
 * try { listener(action); } catch (error) { reportError(error); }
 */
export function reportError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else {
    queueMicrotask(() => {
      throw error;
    });
  }
}
