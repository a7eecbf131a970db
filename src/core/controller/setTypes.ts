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

type LookupFields<E> = { readonly [K in keyof E as E[K] extends (...args: never[]) => unknown ? never : K]?: E[K] | string | number };
/** At least one field present: an empty lookup (`{}`) finds no entity and is a type error. */
type AtLeastOne<F> = { [K in keyof F]-?: Required<Pick<F, K>> & F }[keyof F];

/**
 * The lookup arguments of `controller.set(schema, ...args, value)`: for an Entity class, one
 * object with its fields (at least one: the pk fields, e.g. `{ id: 5 }`) or the pk itself;
 * for other schemas, their lookup arguments.
 *
 * @example
 * const args: SetArgs<typeof Task> = [{ id: 5 }];
 */
export type SetArgs<S> =
  S extends abstract new (...args: never[]) => infer E ?
    E extends object ?
      [lookup: AtLeastOne<LookupFields<E>> | string | number]
    : readonly unknown[]
  : readonly unknown[];
