/**
 * How a diagnostic prints: its console level, and whether it is data-client 0.18's own line for
 * the same cause (`… as data-client`: printed as data-client prints it, without the
 * `[rest-signals] <code>:` prefix, so code and tests moved from data-client see it unchanged).
 */
export type WarningPrint = 'warn' | 'error' | 'warn as data-client' | 'error as data-client';

/**
 * The catalogue of development diagnostics: every code, and how it prints. Each code has one row
 * in `docs/warnings.md` (a test checks the two agree). `console.error` is kept where the cause
 * makes every call fail, as data-client reports it.
 *
 * @example
 * WARNINGS['content-incompatible-with-schema']; // 'error'
 */
export const WARNINGS = {
  /** An endpoint's `getOptimisticResponse` threw (anything but `snapshot.abort`). */
  'optimistic-response-threw': 'warn',
  /** An endpoint's `errorPolicy` threw; the error is treated as having no policy. */
  'error-policy-threw': 'warn',
  /** `DataClientPlugin` was installed in a server-rendered app without its own `client`. */
  'ssr-without-client': 'warn',
  /** `DataClientPlugin` was given `devtools: true` but the devtools entry (or `@vue/devtools-api`) failed to load. */
  'devtools-unavailable': 'warn',
  /** `getDefaultManagers({ networkManager: null })`: requests cannot be turned off; the default is used. */
  'network-manager-required': 'error',
  /** `getDefaultManagers({ devToolsManager: options })`: the core does not load the devtools, so the options are unused. */
  'devtools-options-unused': 'warn',
  /** A retry option has a value it cannot use (a negative count, a non-finite delay). */
  'retry-option-invalid': 'warn',
  /** A `RestEndpoint` reads its reply as blob / text / arrayBuffer / stream but has a schema: every call rejects. */
  'content-incompatible-with-schema': 'error',
  /** `resource({ endpoint })` / `resource({ collection })` given a class under the lower-case name. */
  'option-capitalization': 'warn',
  /** `StreamManager`: `connect`, `onReconnect` or `onMessage` threw (no `onError` option); the stream goes on. */
  'stream-handler-threw': 'warn',
  /** `TabSyncManager`: a write could not be posted to the other tabs (a value structured clone cannot copy). */
  'tab-sync-unshareable': 'warn',
  /** `persist`: two endpoints in `resources` share a name, method and URL template; neither one's paused mutations are stored. */
  'persist-duplicate-name': 'warn',
  /** `persist`: the storage threw; the state is kept in memory from then on. */
  'persist-storage-failed': 'warn',
  /** `persist`: the stored entry (or its state) could not be read and was dropped, or the restore failed. */
  'persist-entry-dropped': 'warn',
  /** `persist`: a stored paused mutation was dropped (bad shape, unknown endpoint, or no `resources`). */
  'persist-mutation-dropped': 'warn',
  /** `persist`: a restored paused mutation was rejected by the server (no `onMutationError`); its optimistic update was rolled back. */
  'persist-mutation-rejected': 'warn',
  /** `persist`: a paused mutation cannot be stored (arguments not plain JSON, endpoint not in `resources`). */
  'persist-mutation-unstorable': 'warn',
  /** `persist`: the state cannot be written as JSON; nothing was stored. */
  'persist-unserializable': 'warn',
  /** The store kept a Union / polymorphic `Array` / `Values` item whose type no member declares as it came. */
  'union-type-unlisted': 'warn',
  /** The pure `normalize` met a polymorphic type (Union, polymorphic Array / Values) no member declares; the value is kept as it is. */
  'schema-attribute-unknown': 'warn as data-client',
  /** An `Entity` with `automaticValidation = 'warn'` was given an array where one object was expected. */
  'entity-given-array': 'warn as data-client',
  /** Denormalize met a polymorphic value that is no `{ id, schema }` reference and names no declared member; it is returned as it is. */
  'schema-member-unresolved': 'warn as data-client',
  /** The pure `normalize` wrote an entity that lacks one of its class's `indexes` fields. */
  'index-not-found': 'warn as data-client',
  /** Denormalize reached the entity depth limit; deeper entities keep their ids. */
  'entity-depth-limit': 'error as data-client',
} as const satisfies Record<string, WarningPrint>;

/**
 * A code of the diagnostics catalogue (`WARNINGS`, docs/warnings.md).
 *
 * @example
 * const code: WarningCode = 'optimistic-response-threw';
 */
export type WarningCode = keyof typeof WARNINGS;

/**
 * Prints a development diagnostic: `[rest-signals] <code>: <message>` (or data-client's own line,
 * for its codes) through `console.warn` or `console.error`, as the catalogue says, with `cause`
 * (the error caught) as a second argument when given. The subject (endpoint, entity, storage
 * key) starts the message, so a reader knows where to look.
 *
 * Every caller guards the call with the bare `process.env.NODE_ENV !== 'production'`, which
 * bundlers replace with a constant: the message text goes with the call in production builds, and
 * this module with it. There is no second check here (a helper a bundler cannot fold would ship).
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
