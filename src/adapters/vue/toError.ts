/**
 * `thrown` as an `Error`: an `Error` as is, anything else wrapped with its string form as the
 * message, so `error` refs always hold an `Error`.
 *
 * @example
 * toError('offline').message; // 'offline'
 */
export function toError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
