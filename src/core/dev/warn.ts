/**
 * The catalogue of development warnings. Each code has a line in `docs/warnings.md`; a warning is
 * printed as `[rest-signals] <code>: <message>` through `console.warn`, and never in production
 * builds (`process.env.NODE_ENV === 'production'`, which bundlers replace with a constant).
 *
 * @example
 * const code: WarningCode = 'optimistic-response-threw';
 */
export type WarningCode =
  /** An endpoint's `getOptimisticResponse` threw (anything but `snapshot.abort`). */
  | 'optimistic-response-threw'
  /** An endpoint's `errorPolicy` threw; the error is treated as having no policy. */
  | 'error-policy-threw'
  /** `DataClientPlugin` was installed in a server-rendered app without its own `client`. */
  | 'ssr-without-client'
  /** A retry option has a value it cannot use (a negative count, a non-finite delay). */
  | 'retry-option-invalid'
  /** The pure `normalize` met a polymorphic type (Union, polymorphic Array / Values) no member declares; the value is kept as it is. */
  | 'schema-attribute-unknown'
  /** An `Entity` with `automaticValidation = 'warn'` was given an array where one object was expected. */
  | 'entity-given-array'
  /** Denormalize met a polymorphic value that is no `{ id, schema }` reference and names no declared member; it is returned as it is. */
  | 'schema-member-unresolved'
  /** The pure `normalize` wrote an entity that lacks one of its class's `indexes` fields. */
  | 'index-not-found';

declare const process: { env: { NODE_ENV?: string } } | undefined;

function isProduction(): boolean {
  try {
    return typeof process !== 'undefined' && process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}

/**
 * Prints a development warning with its catalogue code; silent in production. The subject
 * (endpoint or entity name) starts the message, so a reader knows where to look. Callers guard
 * the call itself with `process.env.NODE_ENV !== 'production'`, so a bundler's define removes the
 * message text along with the call; the check inside only covers an unguarded caller.
 *
 * @example
 * if (process.env.NODE_ENV !== 'production') {
 *   warn('optimistic-response-threw', `${endpoint.name}: getOptimisticResponse threw TypeError: x is undefined`);
 * }
 */
export function warn(code: WarningCode, message: string): void {
  if (isProduction()) return;
  console.warn(`[rest-signals] ${code}: ${message}`);
}

/**
 * Prints a development warning where data-client 0.18 warns for the same cause, as one line
 * without the `[rest-signals] <code>:` prefix (the message names its own subject); silent in
 * production. `code` is its catalogue entry.
 *
 * @example
 * warnVerbatim('index-not-found', 'Index not found in entity. ...');
 */
export function warnVerbatim(code: WarningCode, message: string): void {
  if (isProduction()) return;
  void code;
  console.warn(message);
}
