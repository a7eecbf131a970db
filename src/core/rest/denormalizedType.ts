import type { ArraySchema, Collection, Denormalize, Invalidate, Values } from '../schema/index.js';

/**
 * The type an endpoint resolves to for schema `S`. Entity classes are matched first, by their
 * constructor: structurally an Entity class also fits the shape of some schema objects (it has
 * `key`, `schema`, `normalize`), so a structural test placed before the class test would
 * misread it. Lists, Collections and object wrappers are mapped here; other schema objects
 * (Union, All, Query, ...) use the schema layer's `Denormalize`.
 *
 * @example
 * type Page = Denormalized<{ results: Collection<[typeof Todo]>; total: number }>; // { results: Todo[]; total: number }
 */
export type Denormalized<S> =
  S extends abstract new (...args: never[]) => infer U ? U
  : S extends Collection<infer I, readonly unknown[]> ?
    I extends readonly (infer E)[] ? Denormalized<E>[]
    : I extends ArraySchema<infer E> ? Denormalized<E>[]
    : I extends Values<infer E> ? Record<string, Denormalized<E>>
    : unknown
  : S extends Invalidate<infer E> ? Denormalized<E>
  : S extends ArraySchema<infer E> ? Denormalized<E>[]
  : S extends Values<infer E> ? Record<string, Denormalized<E>>
  : S extends readonly (infer E)[] ? Denormalized<E>[]
  : S extends { normalize(...args: never[]): unknown } ? Denormalize<S>
  : S extends (...args: never[]) => unknown ? S
  : S extends object ? { [K in keyof S]: Denormalized<S[K]> }
  : S extends string ? string
  : S extends number ? number
  : S extends boolean ? boolean
  : S;
