/**
 * Thrown by normalize when a reply does not fit its schema: an entity whose primary key cannot
 * be computed, a list that is not an array, a `Union` member of unknown type, or a reply nested
 * deeper than the schema layer walks. Nothing is written when it is thrown. The message names
 * the schema (the entity key) and shows the offending value, truncated.
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

  constructor(schemaKey: string, problem: string, value: unknown) {
    super(`${schemaKey}: ${problem}; got ${preview(value)}`);
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
