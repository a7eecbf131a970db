import { setPlain, table } from '../schema/own.js';
import type { ResultMeta, State } from './serialize.js';

/** Characters JSON leaves as they are but an HTML page or a JS parser must not see raw. */
const UNSAFE = /[<>&\u2028\u2029]/g;

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * What of a recorded error a page may carry: `name`, `status` and `code`, never the message (an
 * internal host, a port, an excerpt of an upstream body).
 *
 * @example
 * publicError({ name: 'NetworkError', message: 'GET http://10.0.0.7:3100/x failed …', status: 404 }); // { name: 'NetworkError', status: 404 }
 */
export function publicError(e: NonNullable<ResultMeta['error']>): NonNullable<ResultMeta['error']> {
  return { name: e.name, ...(e.status !== undefined ? { status: e.status } : {}), ...(e.code !== undefined ? { code: e.code } : {}) };
}

function withPublicErrors(state: State): State {
  if (typeof state !== 'object' || state === null || typeof state.meta !== 'object' || state.meta === null) return state;
  const meta = table<ResultMeta>();
  for (const key of Object.keys(state.meta)) {
    const m = state.meta[key]!;
    setPlain(meta, key, m.error ? { ...m, error: publicError(m.error) } : m);
  }
  return { ...state, meta };
}

/**
 * Serializes a `State` (from `controller.getState()`) as JSON that is safe to place inside an
 * inline `<script>` of a server-rendered page. Errors keep `name`, `status` and `code`; their
 * messages stay on the server (a client hydrated from it gets an error naming the result key and
 * the status). `<`, `>`, `&`, U+2028 and U+2029 are written as
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
    json = JSON.stringify(withPublicErrors(state));
  } catch (error) {
    throw new TypeError(`serializeState: the state cannot be written as JSON (${(error as Error).message})`, { cause: error });
  }
  if (json === undefined) throw new TypeError(`serializeState: expected a State object, got ${String(state)}`);
  return json.replace(UNSAFE, escapeChar);
}
