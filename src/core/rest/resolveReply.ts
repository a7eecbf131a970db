/** PLACEHOLDER until src/core/schema lands. */
export type Resolved<S, R> = [S] extends [undefined] ? R : unknown;

export async function resolveReply(endpoint: { fetch(...args: unknown[]): Promise<unknown>; schema?: unknown }, args: unknown[]): Promise<unknown> {
  return endpoint.fetch(...args);
}
