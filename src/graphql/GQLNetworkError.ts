/**
 * One entry of a GraphQL reply's `errors` array, as the GraphQL specification describes it.
 *
 * @example
 * const error: GQLError = { message: 'Not found', locations: [{ line: 1, column: 3 }], path: ['user'] };
 */
export interface GQLError {
  readonly message: string;
  readonly locations?: readonly { readonly line: number; readonly column: number }[];
  readonly path?: readonly (string | number)[];
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/**
 * A GraphQL reply that carried `errors` (or a reply that was not a GraphQL reply at all), as
 * `@data-client/graphql`'s `GQLNetworkError`: `name` is `'NetworkError'`, `status` is 400 for
 * GraphQL errors (the HTTP status for a non-2xx reply without them), `errors` holds every entry.
 * The message names the endpoint, then the first error's message.
 *
 * @example
 * try {
 *   await controller.fetch(getUser, { login: 'nobody' });
 * } catch (error) {
 *   if (error instanceof GQLNetworkError) console.log(error.errors.map(e => e.path));
 * }
 */
export class GQLNetworkError extends Error {
  override readonly name = 'NetworkError';
  /** 400 for GraphQL errors, as data-client sets it; the HTTP status for a failed reply without them. */
  readonly status: number;
  /** Every error the reply carried. */
  readonly errors: readonly GQLError[];

  /**
   * @param errors the reply's `errors` (at least one)
   * @param subject the endpoint, for the message
   * @param status @default 400
   */
  constructor(errors: readonly GQLError[], subject = 'GQLEndpoint', status = 400) {
    const first = errors[0]?.message ?? 'the reply carried an empty errors list';
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    super(`${subject}: ${first}${more}`);
    this.errors = errors;
    this.status = status;
  }
}
