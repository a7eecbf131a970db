import { HttpError } from './HttpError.js';

/** A rule that fails matching API requests with `status`. `match` is a RegExp source tested against `"METHOD /path"`. */
export interface FailRule {
  status: number;
  match?: string;
}

/** The switches as `GET /__control` shows them. */
export interface SwitchState {
  /** Every API request waits this long before it is handled. */
  delayMs: number;
  /** The next `count` matching API requests fail. */
  failNext: (FailRule & { count: number }) | null;
  /** Every matching API request fails until this is cleared (`failPattern: null`). */
  failPattern: (FailRule & { match: string }) | null;
}

/** What one API request suffers: a wait, then maybe a failure instead of the real reply. */
export interface Verdict {
  delayMs: number;
  failStatus?: number;
  reason?: string;
}

const MAX_DELAY_MS = 60_000;

function delayOf(subject: string, v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > MAX_DELAY_MS) {
    throw new HttpError(400, `${subject}: delay must be a number of milliseconds from 0 to ${MAX_DELAY_MS}, got ${JSON.stringify(v)}`);
  }
  return n;
}

function statusOf(subject: string, v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 400 || n > 599) {
    throw new HttpError(400, `${subject}: status must be an HTTP error status from 400 to 599, got ${JSON.stringify(v)}`);
  }
  return n;
}

function matcherOf(subject: string, v: unknown): string {
  if (typeof v !== 'string' || !v) throw new HttpError(400, `${subject}: match must be a RegExp source string, got ${JSON.stringify(v)}`);
  try {
    new RegExp(v);
  } catch {
    throw new HttpError(400, `${subject}: match is not a valid RegExp: ${JSON.stringify(v)}`);
  }
  return v;
}

function own(body: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(body, key) ? (body as Record<string, unknown>)[key] : undefined;
}

/**
 * The playground's fault switches, so a person (or a browser test) can see loading states, errors
 * and optimistic rollback. Set globally with `POST /__control`:
 * `{ delayMs, failNext: { status, count, match? } | null, failPattern: { match, status? } | string | null }`,
 * or per request with `?__delay=500&__fail=500` (or the headers `x-playground-delay` /
 * `x-playground-fail`). `match` is a RegExp source tested against `"METHOD /path"`, e.g.
 * `"^PATCH /api/tasks/"`. Only `/api/*` requests are affected.
 * @example
 * switches.configure({ failNext: { status: 500, match: '^PATCH ' } });
 * switches.judge('PATCH', '/api/tasks/1', {}); // { delayMs: 0, failStatus: 500, reason: 'failNext' }
 */
export class Switches {
  #state: SwitchState = { delayMs: 0, failNext: null, failPattern: null };

  /** A copy of the current switches. */
  get state(): SwitchState {
    return structuredClone(this.#state);
  }

  /** Turns every switch off. */
  reset(): void {
    this.#state = { delayMs: 0, failNext: null, failPattern: null };
  }

  /** Applies the switches named in a `POST /__control` body; absent fields keep their value. */
  configure(body: object): void {
    const subject = 'POST /__control';
    const delay = own(body, 'delayMs');
    const next = own(body, 'failNext');
    const pattern = own(body, 'failPattern');
    const state = this.state;
    if (delay !== undefined) state.delayMs = delayOf(subject, delay);
    if (next === null) state.failNext = null;
    else if (next !== undefined) {
      if (typeof next !== 'object') throw new HttpError(400, `${subject}: failNext must be an object or null, got ${JSON.stringify(next)}`);
      const count = own(next, 'count') ?? 1;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
        throw new HttpError(400, `${subject}: failNext.count must be a positive integer, got ${JSON.stringify(count)}`);
      }
      const match = own(next, 'match');
      state.failNext = {
        status: statusOf(subject, own(next, 'status') ?? 500),
        count,
        ...(match === undefined ? {} : { match: matcherOf(subject, match) }),
      };
    }
    if (pattern === null) state.failPattern = null;
    else if (typeof pattern === 'string') state.failPattern = { match: matcherOf(subject, pattern), status: 500 };
    else if (pattern !== undefined) {
      if (typeof pattern !== 'object') throw new HttpError(400, `${subject}: failPattern must be an object, a string or null, got ${JSON.stringify(pattern)}`);
      state.failPattern = { match: matcherOf(subject, own(pattern, 'match')), status: statusOf(subject, own(pattern, 'status') ?? 500) };
    }
    this.#state = state;
  }

  /**
   * Decides what happens to one API request: the global delay (or the per-request `__delay`), then
   * a failure from the per-request `__fail`, the `failNext` budget (consumed here) or `failPattern`.
   */
  judge(method: string, path: string, perRequest: { delay?: unknown; fail?: unknown }): Verdict {
    const subject = `${method} ${path}`;
    const verdict: Verdict = {
      delayMs: perRequest.delay !== undefined ? delayOf(subject, perRequest.delay) : this.#state.delayMs,
    };
    const hits = (rule: FailRule) => rule.match === undefined || new RegExp(rule.match).test(subject);
    const next = this.#state.failNext;
    if (perRequest.fail !== undefined) {
      verdict.failStatus = statusOf(subject, perRequest.fail);
      verdict.reason = '__fail';
    } else if (next && hits(next)) {
      verdict.failStatus = next.status;
      verdict.reason = 'failNext';
      this.#state.failNext = next.count > 1 ? { ...next, count: next.count - 1 } : null;
    } else if (this.#state.failPattern && hits(this.#state.failPattern)) {
      verdict.failStatus = this.#state.failPattern.status;
      verdict.reason = 'failPattern';
    }
    return verdict;
  }
}
