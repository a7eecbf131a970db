import { describeError } from './ConnectionError.js';
import { ParseError } from './ParseError.js';

const TEXT_LIKE = /\btext\b|\bxml\b|\bhtml\b|\bjavascript\b|\bcss\b|\bcsv\b|\burlencoded\b/i;

/** How `RestEndpoint.content` reads a reply body; `json` parses it whatever its content-type says. */
export type ResponseContent = 'json' | 'blob' | 'text' | 'arrayBuffer' | 'stream';

/** What `parseBody` needs to know of the endpoint. */
export interface ParseOptions {
  /** Read the body this way instead of by its content-type. */
  readonly content?: ResponseContent | undefined;
  /** The endpoint has a schema that normalizes the reply, so the body must be JSON. */
  readonly normalizes?: boolean;
}

/**
 * The message for a `content` that a normalizing schema cannot take; production builds keep the
 * code `incompatible-content` and the content.
 *
 * @example
 * incompatibleContent('blob');
 */
export function incompatibleContent(content: ResponseContent): string {
  return process.env.NODE_ENV !== 'production'
    ? `content '${content}' is incompatible with schema: binary and text replies cannot be normalized; set schema: undefined`
    : `incompatible-content '${content}'`;
}

/**
 * Reads a reply body the way `RestEndpoint.parseResponse` documents: 204 or an empty body →
 * `null`; a JSON content type → parsed JSON; a text-like or missing content type → string;
 * anything else → Blob. `content` picks the reading instead (`stream` returns `response.body`
 * unread). With a normalizing schema, a binary reply or a non-JSON `content` rejects. A body that cannot be read (connection reset) or parsed rejects with a
 * `ParseError` naming the method and URL.
 *
 * @example
 * const value = await parseBody(await fetch(url), 'GET');
 */
export async function parseBody(response: Response, method: string, options: ParseOptions = {}): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const { content, normalizes = false } = options;
  if (content !== undefined && content !== 'json') {
    if (normalizes) throw new ParseError(method, response.url, response.status, incompatibleContent(content), undefined);
    return readAs(response, method, content);
  }
  const type = response.headers.get('content-type') ?? '';
  const isJson = content === 'json' || /\bjson\b|\+json\b/i.test(type);
  if (type && !isJson && !TEXT_LIKE.test(type)) {
    if (normalizes) {
      throw new ParseError(
        method,
        response.url,
        response.status,
        process.env.NODE_ENV !== 'production'
          ? `binary content-type "${type}" cannot be normalized by the schema; set schema: undefined or content: 'blob'`
          : `binary-content "${type}"`,
        undefined,
      );
    }
    const blob = (await readAs(response, method, 'blob')) as Blob;
    return blob.size === 0 ? null : blob;
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ParseError(method, response.url, response.status, `reading the body failed (${describeError(error)})`, error);
  }
  if (text === '') return null;
  if (!isJson) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ParseError(
      method,
      response.url,
      response.status,
      `malformed JSON (${describeError(error)}); body starts ${JSON.stringify(text.slice(0, 80))}`,
      error,
    );
  }
}

async function readAs(response: Response, method: string, content: Exclude<ResponseContent, 'json'>): Promise<unknown> {
  if (content === 'stream') return response.body;
  try {
    if (content === 'text') return await response.text();
    if (content === 'arrayBuffer') return await response.arrayBuffer();
    return pageBlob(await response.blob());
  } catch (error) {
    throw new ParseError(method, response.url, response.status, `reading the body failed (${describeError(error)})`, error);
  }
}

/**
 * A Blob of the global `Blob` class. Where `fetch` and `Blob` come from different realms (a DOM
 * emulation over the platform's fetch, as in jsdom tests) the reply's Blob is copied, so
 * `instanceof Blob` holds for the caller.
 */
async function pageBlob(blob: Blob): Promise<Blob> {
  const Page: unknown = globalThis.Blob;
  if (typeof Page !== 'function' || blob instanceof Page) return blob;
  return new Blob([await blob.arrayBuffer()], { type: blob.type });
}
