import type { FastifyRequest } from 'fastify';
import { HttpError } from './HttpError.js';

/** `"METHOD /path"` of a request (query excluded): the subject named in every error message. */
export function subjectOf(req: FastifyRequest): string {
  return `${req.method} ${req.url.split('?')[0]}`;
}

/**
 * The query string of a request as `URLSearchParams` (not fastify's parsed object, so a key such
 * as `__proto__` stays an ordinary key).
 */
export function queryOf(req: FastifyRequest): URLSearchParams {
  const at = req.url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : req.url.slice(at + 1));
}

/** The `:id` path parameter of a request (a string; tables parse it). */
export function idOf(req: FastifyRequest): string {
  return (req.params as { id: string }).id;
}

/**
 * Reads an optional positive-integer query parameter (`page`, `limit`, `projectId`, ...); absent
 * or empty gives `undefined`, anything else that is not an integer ≥ `min` is a 400 naming it.
 */
export function intParam(req: FastifyRequest, query: URLSearchParams, name: string, min = 1): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new HttpError(400, `${subjectOf(req)}: query parameter "${name}" must be an integer ≥ ${min}, got ${JSON.stringify(raw)}`);
  }
  return n;
}

/** A header value as one string (the first, when repeated). */
export function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
