import type { Denormalize } from '../schema/types.js';

/**
 * The plain data of `T` as a writer may give it: the fields of an entity instance (its methods
 * left out, every field optional, nested entities given as plain data too), lists of such data,
 * other values as they are. What `controller.set` accepts for a schema whose data is `T`.
 *
 * @example
 * const patch: SetData<Task> = { id: 5, title: 'Write docs' }; // no pk() needed
 */
export type SetData<T> =
  T extends (...args: never[]) => unknown ? never
  : T extends readonly (infer I)[] ? readonly SetData<I>[]
  : T extends Date ? T | string | number
  : T extends object ? { readonly [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]?: SetData<T[K]> }
  : T;

/**
 * The last argument of `controller.set(schema, ...args, value)`: the data to write, or a function
 * of the current (committed) value that returns it.
 *
 * @example
 * const done: SetValue<typeof Task> = task => ({ ...task, done: true });
 */
export type SetValue<S> = SetData<Denormalize<S>> | ((previous: Denormalize<S>) => SetData<Denormalize<S>>);
