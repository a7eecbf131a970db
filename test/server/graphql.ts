import { reply } from './types.js';
import type { TestServer } from './createTestServer.js';

/** Answers one GraphQL operation: its `data`, or throws a `GraphQLFailure` to answer with `errors`. */
export type Operation = (variables: Readonly<Record<string, unknown>>) => unknown;

/** Thrown by an operation to answer `{ errors: [{ message, path }] }` (status 200, as GraphQL servers do). */
export class GraphQLFailure extends Error {
  constructor(message: string, readonly path: readonly (string | number)[] = []) {
    super(message);
  }
}

/**
 * Adds a `POST /graphql` route to the loopback test server that answers the operations named in
 * the query text (`query User(...)` → `operations.User`), as a GraphQL server does: a body
 * `{ data }`, or `{ errors }` for a `GraphQLFailure`; an unknown operation or a body without
 * `query` answers 400 with `errors`. No GraphQL parsing: the operation name picks the answer.
 *
 * @example
 * graphqlRoute(server, { User: ({ login }) => ({ user: { id: '1', login } }) });
 */
export function graphqlRoute(server: TestServer, operations: Readonly<Record<string, Operation>>): () => void {
  return server.route('POST', '/graphql', req => {
    const body = req.json as { query?: unknown; variables?: unknown } | undefined;
    if (typeof body?.query !== 'string') return reply(400, { errors: [{ message: 'POST body must be { query, variables }' }] });
    const name = /\b(?:query|mutation)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(body.query)?.[1];
    const answer = name !== undefined && Object.prototype.hasOwnProperty.call(operations, name) ? operations[name] : undefined;
    if (!answer) return reply(400, { errors: [{ message: `unknown operation ${name ?? '(anonymous)'}` }] });
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    try {
      return { data: answer(variables) };
    } catch (error) {
      if (error instanceof GraphQLFailure) return { data: null, errors: [{ message: error.message, locations: [{ line: 1, column: 1 }], path: error.path }] };
      throw error;
    }
  });
}
