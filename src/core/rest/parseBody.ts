import { ParseError } from './ParseError.js';

const TEXT_LIKE = /\btext\b|\bxml\b|\bhtml\b|\bjavascript\b|\bcss\b|\bcsv\b|\burlencoded\b/i;

/**
 * Reads a reply body the way `RestEndpoint.parseResponse` documents: 204 or an empty body →
 * `null`; a JSON content type → parsed JSON; a text-like or missing content type → string;
 * anything else → Blob. A body that cannot be read (connection reset) or parsed rejects with a
 * `ParseError` naming the method and URL.
 *
 * @example
 * const value = await parseBody(await fetch(url), 'GET');
 */
export async function parseBody(response: Response, method: string): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const type = response.headers.get('content-type') ?? '';
  const isJson = /\bjson\b|\+json\b/i.test(type);
  if (type && !isJson && !TEXT_LIKE.test(type)) {
    try {
      const blob = await response.blob();
      return blob.size === 0 ? null : blob;
    } catch (error) {
      throw new ParseError(method, response.url, response.status, `reading the body failed (${describeError(error)})`, error);
    }
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

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
