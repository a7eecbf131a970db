import { randomBytes } from 'node:crypto';
import { HttpError } from './HttpError.js';

/** What `POST /api/login` replies (besides the user). `expiresAt` is epoch milliseconds. */
export interface IssuedToken {
  token: string;
  expiresAt: number;
}

/**
 * Bearer tokens issued by `POST /api/login`. A token lives `ttlMs` after it is issued (changeable at
 * run time through `POST /__control { tokenTtlMs }`, affecting tokens issued afterwards); a
 * missing, unknown, revoked or expired token is a 401 with `WWW-Authenticate: Bearer`, which is
 * what the pages' `LogoutManager` reacts to.
 * @example
 * const sessions = new Sessions(5 * 60_000);
 * const { token } = sessions.issue(1);
 * sessions.verify('GET /api/me', `Bearer ${token}`); // 1
 */
export class Sessions {
  ttlMs: number;
  #tokens = new Map<string, { userId: number; expiresAt: number }>();

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** Issues a fresh token for `userId`. */
  issue(userId: number): IssuedToken {
    const token = randomBytes(18).toString('base64url');
    const expiresAt = Date.now() + this.ttlMs;
    this.#tokens.set(token, { userId, expiresAt });
    return { token, expiresAt };
  }

  /**
   * The user id behind an `Authorization` header value; otherwise a 401 naming `subject` and why
   * (no header, not a Bearer header, unknown token, expired token).
   */
  verify(subject: string, authorization: string | undefined): number {
    const fail = (why: string): never => {
      throw new HttpError(401, `${subject}: ${why}`, { 'www-authenticate': 'Bearer realm="playground"' });
    };
    if (!authorization) return fail('missing Authorization header (log in with POST /api/login)');
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) return fail(`Authorization header is not "Bearer <token>": ${JSON.stringify(authorization)}`);
    const session = this.#tokens.get(match[1]!);
    if (!session) return fail('unknown or revoked token');
    if (session.expiresAt <= Date.now()) {
      this.#tokens.delete(match[1]!);
      return fail(`token expired at ${new Date(session.expiresAt).toISOString()}`);
    }
    return session.userId;
  }

  /** Revokes the token in an `Authorization` header value, if any; returns whether one was live. */
  revoke(authorization: string | undefined): boolean {
    const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    return match ? this.#tokens.delete(match[1]!) : false;
  }

  /** Makes every live token expire now (the next request with one gets a 401). */
  expireAll(): void {
    for (const session of this.#tokens.values()) session.expiresAt = Math.min(session.expiresAt, Date.now());
  }

  /** Forgets every token. */
  clear(): void {
    this.#tokens.clear();
  }
}
