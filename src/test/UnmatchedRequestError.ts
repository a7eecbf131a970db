/**
 * A mock client was asked for a call no fixture or interceptor answers. The message names the
 * endpoint (its `name`), the call's arguments and key, and lists the fixtures that exist for that
 * endpoint, so the missing or mistyped one is easy to spot.
 *
 * @example
 * try {
 *   await client.controller.fetch(TaskResource.get, { id: 9 });
 * } catch (error) {
 *   if (error instanceof UnmatchedRequestError) console.log(error.endpointName, error.args);
 * }
 */
export class UnmatchedRequestError extends Error {
  override readonly name = 'UnmatchedRequestError';
  /** The `name` of the endpoint that was called. */
  readonly endpointName: string;
  /** The arguments of the call. */
  readonly args: readonly unknown[];
  /** The call's key (what fixtures are matched by). */
  readonly key: string;

  constructor(endpointName: string, args: readonly unknown[], key: string, known: readonly string[]) {
    const list = known.length
      ? `fixtures for ${endpointName}:\n${known.map(k => `  - ${k}`).join('\n')}`
      : `there are no fixtures for ${endpointName}`;
    super(`No fixture or interceptor matches ${endpointName} called with ${describeArgs(args)} (key "${key}"); ${list}`);
    this.endpointName = endpointName;
    this.args = args;
    this.key = key;
  }
}

/** The arguments as JSON, or as text when they do not serialize (a cycle, a BigInt). */
export function describeArgs(args: readonly unknown[]): string {
  try {
    return JSON.stringify(args) ?? String(args);
  } catch {
    return `[${args.map(a => String(a)).join(', ')}]`;
  }
}
