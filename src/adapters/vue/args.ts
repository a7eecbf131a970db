import { toValue } from 'vue';
import type { MaybeRefOrGetter, Ref } from 'vue';
import type { EndpointLike } from './types.js';

/** A resolved call: the endpoint (or queryable) and its plain arguments. */
export type Call<T = unknown> = readonly [target: T, args: readonly unknown[]];

/** true for an endpoint (it has a `key` method); a ref holding one has none. */
function isEndpoint(value: unknown): value is EndpointLike {
  return typeof value === 'function' && typeof (value as { key?: unknown }).key === 'function';
}

/**
 * The resolved argument list, or `null` for "not yet" (a first argument that is, or yields,
 * `null`). Endpoint arguments are data, never functions, so any function is a getter; read
 * inside a watcher's getter, the refs and getters it reads are tracked.
 */
export function resolveArgs(args: readonly unknown[]): readonly unknown[] | null {
  const resolved = args.map(arg => toValue(arg as MaybeRefOrGetter<unknown>));
  return resolved.length > 0 && resolved[0] === null ? null : resolved;
}

/** The endpoint itself, or the one a ref currently holds. */
export function resolveEndpoint<E extends EndpointLike>(endpoint: E | Readonly<Ref<E>>): E {
  return isEndpoint(endpoint) ? endpoint : (endpoint as Readonly<Ref<E>>).value;
}

/**
 * A queryable as given: schemas are classes or instances, so a class is a value here, never a
 * getter; refs and arrow getters are unwrapped.
 */
export function resolveQueryable<S>(queryable: MaybeRefOrGetter<S>): S {
  if (typeof queryable === 'function' && (queryable as { prototype?: unknown }).prototype !== undefined) {
    return queryable as S;
  }
  return toValue(queryable);
}

/** The current endpoint and resolved arguments, or `null` for "not yet". */
export function resolveCall<E extends EndpointLike>(
  endpoint: E | Readonly<Ref<E>>,
  args: readonly unknown[],
): Call<E> | null {
  const resolved = resolveArgs(args);
  return resolved === null ? null : [resolveEndpoint(endpoint), resolved];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Same value, or plain objects with the same own keys holding identical values. */
function shallowSame(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(k => Object.hasOwn(b, k) && Object.is(a[k], b[k]));
}

/**
 * Whether two resolved calls address the same data: the same endpoint and arguments equal one
 * level deep (`{ id: 1 }` twice is the same call). A getter that builds a fresh object each time
 * it re-runs therefore does not resubscribe unless a value inside changed.
 */
export function sameCall(a: Call | null, b: Call | null): boolean {
  if (a === null || b === null) return a === b;
  return a[0] === b[0] && a[1].length === b[1].length && a[1].every((arg, i) => shallowSame(arg, b[1][i]));
}
