import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from './HttpError.js';
import { headerOf, queryOf, subjectOf } from './http.js';
import type { PlaygroundState } from './PlaygroundState.js';
import type { SwitchState } from './Switches.js';

/** The reply of `GET|POST /__control`. */
export interface ControlState extends SwitchState {
  tokenTtlMs: number;
  requireAuth: boolean;
}

/**
 * The switches a person or a browser test flips (outside `/api`, never delayed or failed):
 * - `GET /__control` → the current {@link ControlState}.
 * - `POST /__control { delayMs?, failNext?, failPattern?, tokenTtlMs?, expireTokens? }` changes the
 *   named switches (see `Switches`), the lifetime of tokens issued from now on, or expires every
 *   live token at once (`expireTokens: true`), and replies the new state.
 * - `POST /__reset` restores the seed board, forgets tokens and turns the switches off (204).
 * Every `/api/*` request first waits the configured delay, then fails when a switch says so,
 * replying `{ error, status }` with that status.
 * @example registerControlRoutes(app, state);
 */
export function registerControlRoutes(app: FastifyInstance, state: PlaygroundState): void {
  const snapshot = (): ControlState => ({ ...state.switches.state, tokenTtlMs: state.sessions.ttlMs, requireAuth: state.requireAuth });

  app.addHook('onRequest', async req => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/api/')) return;
    const q = queryOf(req);
    const verdict = state.switches.judge(req.method, path, {
      delay: q.get('__delay') ?? headerOf(req, 'x-playground-delay'),
      fail: q.get('__fail') ?? headerOf(req, 'x-playground-fail'),
    });
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    if (verdict.failStatus !== undefined) {
      throw new HttpError(verdict.failStatus, `${subjectOf(req)}: injected failure (${verdict.reason})`);
    }
  });

  app.get('/__control', async () => snapshot());

  app.post('/__control', async req => {
    const subject = subjectOf(req);
    const body = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(400, `${subject}: the body must be a JSON object, got ${JSON.stringify(body)}`);
    }
    const own = (key: string): unknown => (Object.prototype.hasOwnProperty.call(body, key) ? (body as Record<string, unknown>)[key] : undefined);
    const ttl = own('tokenTtlMs');
    if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1)) {
      throw new HttpError(400, `${subject}: tokenTtlMs must be a positive integer, got ${JSON.stringify(ttl)}`);
    }
    state.switches.configure(body);
    if (ttl !== undefined) state.sessions.ttlMs = ttl as number;
    if (own('expireTokens') === true) state.sessions.expireAll();
    return snapshot();
  });

  app.post('/__reset', async (_req, reply) => {
    state.reset();
    return reply.code(204).send();
  });
}
