/**
 * Thrown by normalize when a reply does not fit its schema: an entity whose primary key cannot
 * be computed, a list that is not an array, a `Union` member of unknown type, or a reply nested
 * deeper than the schema layer walks. Nothing is written when it is thrown. The message names
 * the schema (the entity key) and shows the offending value, truncated; where data-client 0.18
 * throws for the same cause, the message is its wording (so logs and tests ported from it read
 * the same), and `schemaKey` / `value` name the subject either way.
 *
 * @example
 * try {
 *   normalize(User, { name: 'no id' });
 * } catch (e) {
 *   if (SchemaError.is(e)) console.log(e.schemaKey, e.value); // 'User', { name: 'no id' }
 * }
 */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  /** The key of the schema the value did not fit (entity key, collection key, or a description). */
  readonly schemaKey: string;
  /** The value that did not fit. */
  readonly value: unknown;
  /** 400, as data-client gives a reply that does not fit its schema: the reply, not the request, is at fault. */
  readonly status = 400;

  /**
   * @param schemaKey the schema the value did not fit
   * @param problem what is wrong, for the default message `<schemaKey>: <problem>; got <value>`
   * @param value the offending value
   * @param message the whole message instead of the default one
   */
  constructor(schemaKey: string, problem: string, value: unknown, message?: string) {
    super(message ?? `${schemaKey}: ${problem}; got ${preview(value)}`);
    this.schemaKey = schemaKey;
    this.value = value;
  }

  /** True for a `SchemaError` (also across module copies, by name). */
  static is(e: unknown): e is SchemaError {
    return e instanceof SchemaError || (e instanceof Error && e.name === 'SchemaError');
  }
}

const MAX_PREVIEW = 120;

/** A short, never-throwing rendering of an arbitrary reply value. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}…` : text;
}
