/** The longest excerpt of an error reply's body that goes into a `NetworkError` message. */
const MAX_EXCERPT = 200;
/** How much of the body is read for it: a large error page is not read whole. */
const MAX_READ = 4096;

/** Reads at most `MAX_READ` bytes of a clone of the body, then lets the clone go. */
async function readStart(response: Response): Promise<string> {
  const body = response.clone().body;
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < MAX_READ) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_EXCERPT ? `${flat.slice(0, MAX_EXCERPT - 1)}…` : flat;
}

/**
 * A short, readable excerpt of an error reply's body (the server's reason), read from a clone so
 * the reply stays readable for the caller: for JSON, a string `error` / `message` / `detail` /
 * `title` field when there is one, else the JSON itself; for an HTML page, its `<title>`; for
 * other text, the text. Whitespace is folded and the result clipped to 200 characters. Resolves to
 * `undefined` for an empty or binary body, or when the body cannot be read (a reset connection).
 *
 * @example
 * const excerpt = await replyExcerpt(response); // 'no task with id 9'
 */
export async function replyExcerpt(response: Response): Promise<string | undefined> {
  const type = response.headers.get('content-type') ?? '';
  const isJson = /[/+]json\b/i.test(type);
  if (!isJson && !/^text\//i.test(type)) return undefined;
  let text: string;
  try {
    text = await readStart(response);
  } catch {
    return undefined;
  }
  if (!text.trim()) return undefined;
  if (isJson) {
    try {
      const body: unknown = JSON.parse(text);
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
        for (const field of ['error', 'message', 'detail', 'title']) {
          const value = Object.getOwnPropertyDescriptor(body, field)?.value;
          if (typeof value === 'string' && value.trim()) return clip(value);
        }
      }
    } catch {
      // Not JSON after all: show it as text.
    }
    return clip(text);
  }
  if (/html/i.test(type)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
    return title?.trim() ? clip(title) : undefined;
  }
  return clip(text);
}
