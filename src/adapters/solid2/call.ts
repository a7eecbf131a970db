import { createMemo, type Accessor } from 'solid-js';
import { readCall } from '../solid/args.js';
import type { EndpointLike } from '../solid/types.js';

/** One call of an endpoint, as a primitive follows it. */
export interface Call {
  readonly endpoint: EndpointLike;
  readonly args: readonly unknown[];
  /** `endpoint.key(...args)`: two calls with the same endpoint and key are the same call. */
  readonly key: string;
}

const sameCall = (a: Call | null, b: Call | null): boolean =>
  a === b || (a !== null && b !== null && a.endpoint === b.endpoint && a.key === b.key);

/**
 * The call `endpoint(...args)` resolves to, following accessor arguments; `null` for "not yet".
 * It changes only when the endpoint or the key does, so an argument accessor that yields an equal
 * object again re-runs nothing downstream.
 *
 * @example
 * const call = createCall(ArticleResource.get, [() => ({ id: props.id })]);
 */
export function createCall(endpoint: EndpointLike | Accessor<EndpointLike>, args: readonly unknown[]): Accessor<Call | null> {
  return createMemo(
    () => {
      const resolved = readCall(endpoint, args);
      return resolved === null ? null : { endpoint: resolved[0], args: resolved[1], key: resolved[0].key(...resolved[1]) };
    },
    { equals: sameCall },
  );
}
