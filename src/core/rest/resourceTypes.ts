import type { ArraySchema, Collection, Invalidate, NonFilterArgumentKeys, Union, Values } from '../schema/index.js';
import type { Denormalized } from './denormalizedType.js';
import type { InvalidatableEntity } from '../schema/Invalidate.js';
import type { EndpointExtraOptions } from './endpointTypes.js';
import type { PathArgs, ShortenPath } from './pathTypes.js';
import type { RestEndpoint } from './RestEndpoint.js';
import type { MergeGenerics, RawBody, RestEndpointOptions, RestGenerics } from './restTypes.js';

/**
 * The type parameters of `resource()`, read from its options: the item `path`, the item
 * `schema`, and optionally the types of `body`, `searchParams` and the `paginationField` name.
 *
 * @example
 * const TodoResource = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } });
 */
export interface ResourceGenerics {
  readonly path: string;
  readonly schema: unknown;
  readonly body?: unknown;
  readonly searchParams?: unknown;
  readonly paginationField?: string;
}

/** The endpoint class `resource({ Endpoint })` accepts: `RestEndpoint` or a subclass (generic or not). */
export type RestEndpointClass = abstract new (options: any) => RestEndpoint<any>;

/** Options of `resource()` besides its generics. */
export interface ResourceOptions extends EndpointExtraOptions, Omit<RestEndpointOptions, 'name' | 'optimistic'> {
  /** Class every member is built with. @default RestEndpoint */
  readonly Endpoint?: RestEndpointClass;
  /** Class of the `getList` schema (e.g. a Collection whose `move` prepends). @default Collection */
  readonly Collection?: new (schema: [unknown], options?: never) => Collection;
  /** Arguments of `getList` that do not filter its collection. */
  readonly nonFilterArgumentKeys?: NonFilterArgumentKeys;
  /** true: every mutation gets an optimistic reply. @default false */
  readonly optimistic?: boolean;
}

/** The item schema held by a Collection (also inside an object wrapper such as `{ results }`). */
export type CollectionItem<S> =
  S extends Collection<infer I, readonly unknown[]> ?
    I extends readonly (infer E)[] ? E
    : I extends ArraySchema<infer E> ? E
    : I extends Values<infer E> ? E
    : never
  : S extends readonly unknown[] ? never
  : S extends object ? { [K in keyof S]: CollectionItem<S[K]> }[keyof S]
  : never;

type Fields<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };

/**
 * The body of `update` and `push`: the declared `body` option, whole; without one, a partial
 * entity or `FormData` (sent as it is).
 */
export type ResourceBody<O> = O extends { readonly body: infer B } ? B : Partial<Fields<Denormalized<SchemaOfResource<O>>>> | FormData;
/** The body of `partialUpdate`: a `Partial` of the declared `body` (raw bodies as they are), else as `ResourceBody`. */
export type ResourcePartialBody<O> =
  O extends { readonly body: infer B } ? (B extends RawBody ? B : Partial<B>) : ResourceBody<O>;
type SchemaOfResource<O> = O extends { readonly schema: infer S } ? S : unknown;
type PathOfResource<O> = O extends { readonly path: infer P extends string } ? P : string;
type SearchOfResource<O> = O extends { readonly searchParams: infer P } ? { searchParams: P } : {};
type PageOfResource<O> = O extends { readonly paginationField: infer F extends string } ? { paginationField: F } : {};

/** The generics of each member. */
export interface ResourceMemberGenerics<O> {
  get: { path: PathOfResource<O>; schema: SchemaOfResource<O>; searchParams: undefined };
  getList: {
    path: ShortenPath<PathOfResource<O>>;
    schema: Collection<[SchemaOfResource<O>]>;
    body: ResourceBody<O>;
    movePath: PathOfResource<O>;
  } & SearchOfResource<O> &
    PageOfResource<O>;
  update: { path: PathOfResource<O>; schema: SchemaOfResource<O>; method: 'PUT'; body: ResourceBody<O>; searchParams: undefined };
  partialUpdate: { path: PathOfResource<O>; schema: SchemaOfResource<O>; method: 'PATCH'; body: ResourcePartialBody<O>; searchParams: undefined };
  delete: {
    path: PathOfResource<O>;
    schema: InvalidateOf<SchemaOfResource<O>>;
    method: 'DELETE';
    searchParams: undefined;
    process(value: unknown, params: PathArgs<PathOfResource<O>>): DeleteResult<O>;
  };
}

type InvalidateOf<S> = S extends InvalidatableEntity ? Invalidate<S> : S extends Union ? Invalidate<S> : S;

/** What `delete` resolves to: the reply's pk or object, or the path arguments when the reply was empty. */
export type DeleteResult<O> = string | number | PathArgs<PathOfResource<O>> | Partial<Fields<Denormalized<SchemaOfResource<O>>>>;

/** The generics of an endpoint type. */
export type GenericsOf<E> = E extends RestEndpoint<infer G> ? G : never;

/** `base.extend(options)`'s type for an endpoint `E`. */
export type ExtendedEndpoint<E, X> = RestEndpoint<MergeGenerics<GenericsOf<E>, X>>;

/** The options an `extend` call may carry. */
export type ExtendOptions = Partial<RestGenerics> & RestEndpointOptions;

/**
 * `resource().extend` in its three forms: a function of the base resource returning new or
 * replaced members; an object of overrides for existing members; `(name, options)` adding (or
 * overriding) one member, a new one derived from `get`.
 *
 * @example
 * const UserResource = resource({ path: '/users/:id', schema: User })
 *   .extend('current', { path: '/user' })
 *   .extend({ getList: { searchParams: {} as { active?: boolean } } })
 *   .extend(base => ({ byEmail: base.get.extend({ path: '/users/by-email/:email' }) }));
 */
export interface ResourceExtend {
  extend<Self, const R extends Record<string, RestEndpoint<any>>>(this: Self, fn: (base: Self) => R): Omit<Self, keyof R> & R;
  extend<Self extends { get: RestEndpoint<any> }, const K extends string, const X extends ExtendOptions>(
    this: Self,
    key: K,
    options: X,
  ): Omit<Self, K> & { [P in K]: ExtendedEndpoint<P extends keyof Self ? Self[P] : Self['get'], X> };
  extend<Self, const B extends { [K in keyof Self]?: ExtendOptions } & { [K in Exclude<keyof B, keyof Self>]: never }>(
    this: Self,
    overrides: B,
  ): { [K in keyof Self]: K extends keyof B ? ExtendedEndpoint<Self[K], B[K]> : Self[K] };
}

/** The members `resource()` returns. */
export interface Resource<O> extends ResourceExtend {
  /** GET path → one entity. */
  get: RestEndpoint<ResourceMemberGenerics<O>['get']>;
  /** GET removeLastArg(path) → the list (with `push`, `unshift`, `move`, `getPage`). */
  getList: RestEndpoint<ResourceMemberGenerics<O>['getList']>;
  /** POST removeLastArg(path): the same as `getList.push` (data-client's older name for it). */
  create: Resource<O>['getList']['push'];
  /** PUT path with a body → the updated entity. */
  update: RestEndpoint<ResourceMemberGenerics<O>['update']>;
  /** PATCH path with a partial body → the updated entity. */
  partialUpdate: RestEndpoint<ResourceMemberGenerics<O>['partialUpdate']>;
  /** DELETE path → removes the entity from the store. */
  delete: RestEndpoint<ResourceMemberGenerics<O>['delete']>;
}
