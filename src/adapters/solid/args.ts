import type { EndpointLike, MaybeAccessor } from './types.js';

/** true for an endpoint (it has a `key` method); an accessor yielding an endpoint has none. */
function isEndpoint(value: unknown): value is EndpointLike {
  return typeof value === 'function' && typeof (value as { key?: unknown }).key === 'function';
}

/**
 * The current value of a possibly-accessor argument. Endpoint arguments are data (objects,
 * strings, numbers, bodies), never functions, so any function is an accessor. Read inside a
 * tracking scope, the accessor's signals are tracked.
 */
export function readValue<T>(value: MaybeAccessor<T>): T {
  return typeof value === 'function' ? (value as () => T)() : value;
}

/** The endpoint itself, or the one an accessor currently yields. */
export function readEndpoint(endpoint: EndpointLike | (() => EndpointLike)): EndpointLike {
  return isEndpoint(endpoint) ? endpoint : endpoint();
}

/**
 * The resolved argument list, or `null` for "not yet" (a first argument that is, or yields,
 * `null`).
 */
export function readArgs(args: readonly unknown[]): readonly unknown[] | null {
  const resolved = args.map(readValue);
  return resolved.length > 0 && resolved[0] === null ? null : resolved;
}

/** The current endpoint and resolved arguments, or `null` for "not yet". Reads accessors tracked. */
export function readCall(
  endpoint: EndpointLike | (() => EndpointLike),
  args: readonly unknown[],
): readonly [EndpointLike, readonly unknown[]] | null {
  const resolved = readArgs(args);
  return resolved === null ? null : [readEndpoint(endpoint), resolved];
}
