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
