import type { AnyEndpoint } from './Controller.js';

/** Whether `args` is `[null]`, "not yet": nothing is read, fetched or subscribed. */
export function isNullArgs(args: readonly unknown[]): boolean {
  return args.length === 1 && args[0] === null;
}

/** The result key of `endpoint(...args)`, or null for "not yet" (`[null]`). */
export function keyOf(endpoint: AnyEndpoint, args: readonly unknown[]): string | null {
  return isNullArgs(args) ? null : endpoint.key(...args);
}

/**
 * Runs `fn` and reports through the promise: a method that returns a promise never throws
 * synchronously (a missing path parameter, a `testKey` that throws, a reply that does not fit).
 */
export function settle<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * data-client's reads take the state to read as their last argument
 * (`controller.getResponse(ep, ...args, controller.getState())`). Here a controller reads its
 * own store, so such a trailing state is recognised (it is an object `getState()` returned) and
 * dropped, rather than read as one more endpoint argument. Kept apart from the Controller so
 * the rule is one line at each read.
 */
const states = new WeakSet<object>();

/** Marks `state` as one `getState()` returned; returns it. */
export function markState<T extends object>(state: T): T {
  states.add(state);
  return state;
}

/** `args` without a trailing state that `getState()` returned. */
export function withoutState<A extends readonly unknown[]>(args: A): A {
  const last = args[args.length - 1];
  return typeof last === 'object' && last !== null && states.has(last) ? (args.slice(0, -1) as unknown as A) : args;
}
