import { incompatibleContent, type ResponseContent } from './parseBody.js';
import { warn } from '../dev/warn.js';

/**
 * True when `schema` normalizes a reply (anything but no schema or a plain string marker), so the
 * reply must be JSON.
 *
 * @example
 * normalizesReply(User); // true
 * normalizesReply(undefined); // false
 */
export function normalizesReply(schema: unknown): boolean {
  return schema !== undefined && schema !== null && typeof schema !== 'string';
}

/**
 * Reports, at construction (its caller guards it for development builds only), an endpoint whose `content` reads
 * the reply as something a schema cannot normalize (`blob`, `text`, `arrayBuffer`, `stream`).
 * It is a `console.error` (code `content-incompatible-with-schema` in docs/warnings.md), as
 * data-client reports it: every call of such an endpoint rejects.
 *
 * @example
 * checkContent('GET /files/:id', 'blob', User); // console.error: ... incompatible with schema ...
 */
export function checkContent(name: string, content: ResponseContent | undefined, schema: unknown): void {
  if (content === undefined || content === 'json' || !normalizesReply(schema)) return;
  warn('content-incompatible-with-schema', `${name}: ${incompatibleContent(content)}`);
}
