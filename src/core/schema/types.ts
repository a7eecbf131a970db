import type { ArraySchema } from './ArraySchema.js';
import type { SchemaAttribute } from './Union.js';
import type { Values } from './Values.js';
import type { ObjectSchema } from './ObjectSchema.js';
import type { Union } from './Union.js';
import type { Invalidate } from './Invalidate.js';
import type { Collection } from './Collection.js';
import type { All } from './All.js';
import type { Query } from './Query.js';
import type { Entity } from './Entity.js';
import type { Lazy, LazyQuery } from './Lazy.js';

/**
 * Type-level mapping from a schema to the data it denormalizes to (what endpoints return), to
 * its normalized form, and the set of values accepted as schemas.
 */

/** The static side of an Entity class. */
export type EntityClass<T extends Entity = Entity> = (abstract new (...args: never[]) => T) & { key: string };

/**
 * Any schema: an Entity class, a schema object, a constructor transform, or `[Item]` / `{ key: Item }` literals.
 *
 * @example
 * const s: Schema = { results: new Collection([Todo]), total: 0 };
 */
export type Schema =
  | EntityClass
  | ArraySchema<unknown, SchemaAttribute | undefined>
  | Values<unknown>
  | ObjectSchema
  | Union
  | Invalidate
  | Collection
  | All
  | Query
  | Lazy
  | LazyQuery
  | (abstract new (...args: never[]) => unknown)
  // the static side of an entity class as data-client's `EntityInterface` types it (a key, a pk, a
  // prototype), so `(schema: Schema): schema is EntityInterface` is a valid guard
  | { readonly key: string; readonly prototype: unknown; pk(...args: never[]): unknown }
  | readonly unknown[]
  // `any`, as data-client's `{ [K: string]: any }`: an endpoint's `schema` read in a manager is
  // `unknown`, and once checked truthy (`{}`) it must still be accepted where a Schema is expected
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  | { readonly [key: string]: any };

/**
 * The denormalized data of schema `S`: an Entity class gives its instance type, `[E]` gives
 * `E[]`, a Collection gives its list (or map), a Union the union of its members, an object
 * literal maps each field; a non-schema value type (e.g. `total: number`) stays as it is.
 *
 * @example
 * type Page = Denormalize<{ results: Collection<[typeof Todo]>; total: number }>; // { results: Todo[]; total: number }
 */
export type Denormalize<S> =
  S extends abstract new (...args: never[]) => infer U ? U
  : S extends Collection<infer I, readonly unknown[]> ? DenormalizeInner<I>
  : S extends Invalidate<infer E> ? Denormalize<E>
  : S extends Union<infer C> ? { [K in keyof C]: Denormalize<C[K]> }[keyof C]
  : S extends All<infer I> ? Denormalize<I>[]
  : S extends Query<unknown, infer R, infer _Args> ? R
  : S extends Lazy<infer I> ? Normalize<I>
  : S extends LazyQuery<infer I> ? Denormalize<I>
  : S extends ArraySchema<infer I, infer A> ? DenormalizeItems<I, A>[]
  : S extends Values<infer I> ? Record<string, Denormalize<I>>
  : S extends ObjectSchema<infer O> ? { [K in keyof O]: Denormalize<O[K]> }
  : S extends readonly (infer I)[] ? Denormalize<I>[]
  : S extends (...args: never[]) => unknown ? S
  : S extends object ? { [K in keyof S]: Denormalize<S[K]> }
  : Widen<S>;

/**
 * A primitive default in an object schema stands for its type: `{ totalCount: 0, link: '' }`
 * gives `{ totalCount: number; link: string }`, also where a `const` type parameter kept the
 * literals (`extend({ schema: ... })`).
 */
type Widen<S> = S extends string ? string : S extends number ? number : S extends boolean ? boolean : S extends bigint ? bigint : S;

/** An item of an `ArraySchema`: of its one schema, or (with a schema attribute) of any of its members. */
type DenormalizeItems<I, A> = A extends undefined ? Denormalize<I> : { [K in keyof I]: Denormalize<I[K]> }[keyof I];

type DenormalizeInner<I> =
  I extends readonly (infer E)[] ? Denormalize<E>[]
  : I extends ArraySchema<infer E, infer A> ? DenormalizeItems<E, A>[]
  : I extends Values<infer E> ? Record<string, Denormalize<E>>
  : unknown;

/**
 * As `Denormalize`, but each entity and list may be missing (data not in the store yet, or invalidated).
 *
 * @example
 * type MaybeUser = DenormalizeNullable<typeof User>; // User | undefined
 */
export type DenormalizeNullable<S> =
  S extends abstract new (...args: never[]) => infer U ? U | undefined
  : S extends Collection<infer I, readonly unknown[]> ? DenormalizeInner<I> | undefined
  : S extends Invalidate<infer E> ? Denormalize<E> | undefined
  : S extends Union<infer C> ? { [K in keyof C]: Denormalize<C[K]> }[keyof C] | undefined
  : S extends All<infer I> ? Denormalize<I>[] | undefined
  : S extends Query<unknown, infer R, infer _Args> ? R | undefined
  : S extends Lazy<infer I> ? Normalize<I> | undefined
  : S extends LazyQuery<infer I> ? Denormalize<I> | undefined
  : S extends ArraySchema<infer I, infer A> ? DenormalizeItems<I, A>[] | undefined
  : S extends Values<infer I> ? Record<string, Denormalize<I>> | undefined
  : S extends ObjectSchema<infer O> ? { [K in keyof O]: DenormalizeNullable<O[K]> }
  : S extends readonly (infer I)[] ? Denormalize<I>[] | undefined
  : S extends (...args: never[]) => unknown ? S
  : S extends object ? { [K in keyof S]: DenormalizeNullable<S[K]> }
  : Widen<S>;

/** A Union member reference in normalized data. */
export interface UnionRef {
  id: string;
  schema: string;
}

/**
 * The normalized form of schema `S`: entities become pk strings, Collections their pk.
 *
 * @example
 * type N = Normalize<[typeof User]>; // string[]
 */
export type Normalize<S> =
  S extends EntityClass ? string
  : S extends abstract new (...args: never[]) => unknown ? unknown
  : S extends Collection ? string
  : S extends Invalidate ? string
  : S extends Union ? UnionRef
  : S extends All<infer I> ? Normalize<I>[]
  : S extends Query ? unknown
  : S extends Lazy<infer I> ? Normalize<I>
  : S extends LazyQuery<infer I> ? Normalize<I>
  : S extends ArraySchema<infer I, infer A> ? (A extends undefined ? Normalize<I> : UnionRef)[]
  : S extends Values<infer I> ? Record<string, Normalize<I>>
  : S extends ObjectSchema<infer O> ? { [K in keyof O]: Normalize<O[K]> }
  : S extends readonly (infer I)[] ? Normalize<I>[]
  : S extends (...args: never[]) => unknown ? S
  : S extends object ? { [K in keyof S]: Normalize<S[K]> }
  : S;
