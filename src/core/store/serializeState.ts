import type { State } from './serialize.js';

/** Characters JSON leaves as they are but an HTML page or a JS parser must not see raw. */
const UNSAFE = /[<>&\u2028\u2029]/g;

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Serializes a `State` (from `controller.getState()`) as JSON that is safe to place inside an
 * inline `<script>` of a server-rendered page: `<`, `>`, `&`, U+2028 and U+2029 are written as
 * `\uXXXX` escapes, so no string in the data (`</script>`, `<!--`, a line separator) can close
 * the script element or break the script; `JSON.parse` (or evaluating it as a JS literal) gives
 * the same state back. Escapes can only occur inside JSON strings, where they mean the same
 * characters, so the output is still valid JSON. Throws a `TypeError` for a value JSON cannot
 * represent (a `BigInt`, a cycle), naming the problem.
 *
 * @example
 * const json = serializeState(client.controller.getState());
 * const html = `<script>window.__STATE__ = ${json};</script>`;
 * // in the browser:
 * createDataClient({ initialState: window.__STATE__ });
 */
export function serializeState(state: State): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(state);
  } catch (error) {
    throw new TypeError(`serializeState: the state cannot be written as JSON (${(error as Error).message})`, { cause: error });
  }
  if (json === undefined) throw new TypeError(`serializeState: expected a State object, got ${String(state)}`);
  return json.replace(UNSAFE, escapeChar);
}
