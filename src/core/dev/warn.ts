/** Console level; `… as data-client`: printed as data-client 0.18 prints it, without our prefix. */
export type WarningPrint = 'warn' | 'error' | 'warn as data-client' | 'error as data-client';

/**
 * Every development diagnostic code and how it prints; each is described in `docs/warnings.md`
 * (a test checks they agree). `error` where every call fails, as data-client.
 *
 * @example
 * WARNINGS['content-incompatible-with-schema']; // 'error'
 */
export const WARNINGS = {
  'optimistic-response-threw': 'warn',
  'error-policy-threw': 'warn',
  'ssr-without-client': 'warn',
  'devtools-unavailable': 'warn',
  'network-manager-required': 'error',
  'devtools-options-unused': 'warn',
  'retry-option-invalid': 'warn',
  'content-incompatible-with-schema': 'error',
  'option-capitalization': 'warn',
  'stream-handler-threw': 'warn',
  'tab-sync-unshareable': 'warn',
  'persist-duplicate-name': 'warn',
  'persist-storage-failed': 'warn',
  'persist-entry-dropped': 'warn',
  'persist-mutation-dropped': 'warn',
  'persist-mutation-rejected': 'warn',
  'persist-mutation-unstorable': 'warn',
  'persist-unserializable': 'warn',
  'union-type-unlisted': 'warn',
  'schema-attribute-unknown': 'warn as data-client',
  'entity-given-array': 'warn as data-client',
  'schema-member-unresolved': 'warn as data-client',
  'index-not-found': 'warn as data-client',
  'entity-depth-limit': 'error as data-client',
} as const satisfies Record<string, WarningPrint>;

/**
 * A code of `WARNINGS` (docs/warnings.md).
 *
 * @example
 * const code: WarningCode = 'optimistic-response-threw';
 */
export type WarningCode = keyof typeof WARNINGS;

/**
 * Prints `[rest-signals] <code>: <message>` (subject first), `cause` as a second argument.
 * Callers guard with the bare `process.env.NODE_ENV !== 'production'` so bundlers drop the text;
 * no check here (a helper bundlers cannot fold would ship).
 *
 * @example

 * if (process.env.NODE_ENV !== 'production') {
 *   warn('optimistic-response-threw', `${endpoint.name}: getOptimisticResponse threw TypeError: x is undefined`);
 * }
 */
export function warn(code: WarningCode, message: string, cause?: unknown): void {
  const print: WarningPrint = WARNINGS[code];
  const text = print.endsWith('as data-client') ? message : `[rest-signals] ${code}: ${message}`;
  const level = print.startsWith('error') ? 'error' : 'warn';
  if (cause === undefined) console[level](text);
  else console[level](text, cause);
}
