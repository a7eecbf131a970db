import { HttpError } from './HttpError.js';

/**
 * Checks and converts one field of a request body; throws a message fragment when the value does
 * not fit. `undefined` is never passed in (absent fields are handled by {@link readFields}).
 */
export type FieldCheck<V> = (value: unknown) => V;

/** One check per writable field of a record type (the `id` is never writable). */
export type FieldSpec<T> = { [K in keyof T]-?: FieldCheck<T[K]> };

/** A field's value does not fit its check; carries the reason shown to the client. */
class FieldProblem extends Error {}

/** Fails a field check with `reason` (e.g. `'must be a string'`). */
export function reject(reason: string): never {
  throw new FieldProblem(reason);
}

/** A non-empty string (trimmed), at most `max` characters. */
export const text = (max = 200): FieldCheck<string> => v => {
  if (typeof v !== 'string' || !v.trim()) reject('must be a non-empty string');
  if (v.length > max) reject(`must be at most ${max} characters`);
  return v.trim();
};
/** A boolean. */
export const bool: FieldCheck<boolean> = v => (typeof v === 'boolean' ? v : reject('must be true or false'));
/** A finite number; integral when `integer`. Numeric strings are accepted (form inputs). */
export const num = (integer = true): FieldCheck<number> => v => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    reject(integer ? 'must be an integer' : 'must be a finite number');
  }
  return n;
};
/** One of the given strings. */
export const oneOf = <S extends string>(values: readonly S[]): FieldCheck<S> => v =>
  values.includes(v as S) ? (v as S) : reject(`must be one of ${values.map(x => JSON.stringify(x)).join(', ')}`);
/** An array of strings, each at most 40 characters, duplicates removed, order kept. */
export const tags: FieldCheck<string[]> = v => {
  if (!Array.isArray(v) || !v.every(t => typeof t === 'string' && t.length <= 40)) {
    reject('must be an array of strings (each at most 40 characters)');
  }
  return [...new Set(v as string[])];
};

/**
 * Reads the writable fields of `body` through `spec`: only own properties named in the spec are
 * read (so `__proto__`, `constructor` or any unknown key is ignored, never copied), each through
 * its check. With `required: true` every field of the spec must be present (POST and PUT without
 * defaults), otherwise any subset may be (PATCH). Throws a 400 {@link HttpError} naming `subject`,
 * the field and the offending value.
 * @example const patch = readFields('PATCH /api/tasks/1', TASK_FIELDS, body, { required: false });
 */
export function readFields<T>(
  subject: string,
  spec: FieldSpec<T>,
  body: unknown,
  { required }: { required: boolean },
): Partial<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, `${subject}: the body must be a JSON object, got ${JSON.stringify(body) ?? 'nothing'}`);
  }
  const out: Partial<T> = {};
  for (const key of Object.keys(spec) as (keyof T & string)[]) {
    const present = Object.prototype.hasOwnProperty.call(body, key) && (body as Record<string, unknown>)[key] !== undefined;
    if (!present) {
      if (required) throw new HttpError(400, `${subject}: field "${key}" is required`);
      continue;
    }
    const value = (body as Record<string, unknown>)[key];
    try {
      out[key] = spec[key](value);
    } catch (error) {
      if (!(error instanceof FieldProblem)) throw error;
      throw new HttpError(400, `${subject}: field "${key}" ${error.message}, got ${JSON.stringify(value)}`);
    }
  }
  return out;
}
