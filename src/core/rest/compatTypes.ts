// `@data-client/rest` / `endpoint` 0.18 type names over this library's types, so definition files
// compile with only their imports changed. Types only.
import type { Entity } from '../schema/Entity.js';
import type { Collection, PolymorphicInterface } from '../schema/Collection.js';
import type { Query } from '../schema/Query.js';
import type { Denormalize, Normalize, Schema } from '../schema/types.js';
import type { SchemaObject } from '../schema/visit.js';
import type { EndpointInstance } from './EndpointInterface.js';
import type { PathArgs } from './pathTypes.js';
import type { ResponseContent } from './parseBody.js';
import type { Resource, ResourceGenerics } from './resourceTypes.js';
import type { RestEndpoint } from './RestEndpoint.js';
import type { RestEndpointOptions, RestGenerics } from './restTypes.js';

/**
 * A GET `RestEndpoint` typed by its generics (path, schema, optional search parameters and
 * pagination field), as data-client's `GetEndpoint`: what a custom resource interface declares.
 *
 * @example
 * interface MyResource { getList: GetEndpoint<{ path: '/todos'; schema: Collection<(typeof Todo)[]> }> }
 */
export type GetEndpoint<
  O extends { readonly path: string; readonly schema: unknown; readonly searchParams?: unknown; readonly paginationField?: string } = {
    path: string;
    schema: Schema;
  },
> = RestEndpoint<O & { readonly method: 'GET' }>;

/**
 * A mutating `RestEndpoint` (POST by default) typed by its generics, as data-client's
 * `MutateEndpoint`: its calls take `(params, body)`.
 *
 * @example
 * interface MyResource { create: MutateEndpoint<{ path: '/todos'; schema: typeof Todo; body: Partial<Todo> }> }
 */
export type MutateEndpoint<
  O extends { readonly path: string; readonly schema: unknown; readonly searchParams?: unknown; readonly body?: unknown } = {
    path: string;
    body: unknown;
    schema: Schema;
  },
> = RestEndpoint<O & { readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' }>;

/**
 * The options object `new RestEndpoint(...)` takes: its generics plus `RestEndpointOptions`.
 *
 * @example
 * const options: RestEndpointConstructorOptions = { path: '/todos/:id', schema: Todo };
 */
export type RestEndpointConstructorOptions<O extends RestGenerics = RestGenerics> = O & RestEndpointOptions;

/**
 * The `content` option's values: how a reply body is read.
 *
 * @example
 * const content: ContentType = 'blob';
 */
export type ContentType = ResponseContent;

/**
 * The lookup arguments a schema's `queryKey` reads: an entity's are its fields (`{ id }`), a
 * `Query`'s are its callback's, a Collection's the list's arguments.
 *
 * @example
 * const args: SchemaArgs<typeof Todo> = [{ id: 1 }];
 */
export type SchemaArgs<S> =
  S extends abstract new (...args: never[]) => infer E ?
    E extends Entity ?
      [Partial<EntityFields<E>> | string | number]
    : readonly unknown[]
  : S extends Query<unknown, unknown, infer A> ? A
  : S extends Collection<infer _I, infer A> ? A
  : readonly unknown[];

/**
 * The data fields of an entity instance (its methods left out), as data-client's `EntityFields`.
 *
 * @example
 * const fields: EntityFields<Todo> = { id: 1, title: 'x', completed: false };
 */
export type EntityFields<E> = { readonly [K in keyof E as E[K] extends (...args: never[]) => unknown ? never : K]: E[K] };

/**
 * The static side of an entity class whose instances are `T`, as data-client's
 * `EntityInterface`: a key, a `pk`, a prototype.
 *
 * @example
 * function tableOf(schema: EntityInterface) { return schema.key; }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface EntityInterface<T = any> {
  readonly key: string;
  pk(value: never, parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined;
  readonly prototype: T;
}

/**
 * The instance type of a class, abstract ones included.
 *
 * @example
 * type T = AbstractInstanceType<typeof Todo>; // Todo
 */
export type AbstractInstanceType<T> = T extends abstract new (...args: never[]) => infer U ? U : never;

/**
 * As `Normalize`, but each part may be missing.
 *
 * @example
 * type N = NormalizeNullable<typeof Todo>; // string | undefined
 */
export type NormalizeNullable<S> = Normalize<S> | undefined;

/**
 * Any async function (what `new Endpoint(fetch)` wraps).
 *
 * @example
 * const getTodo: FetchFunction<[{ id: number }], Todo> = ({ id }) => fetch(`/todos/${id}`).then(r => r.json());
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FetchFunction<A extends readonly any[] = any[], R = unknown> = (...args: A) => Promise<R>;

/**
 * What an endpoint resolves to.
 *
 * @example
 * type T = ResolveType<typeof TodoResource.get>; // Todo
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResolveType<E extends (...args: any) => any> = Awaited<ReturnType<E>>;

/**
 * The first argument of an endpoint.
 *
 * @example
 * type P = EndpointParam<typeof TodoResource.get>; // { id: string | number }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EndpointParam<E> = E extends (first: infer A, ...rest: any) => any ? A : never;

/**
 * Any endpoint (callable, with `key`, `fetch` and optional schema), as data-client's
 * `EndpointInterface`.
 *
 * @example
 * function refresh(endpoint: EndpointInterface) { return controller.fetch(endpoint); }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EndpointInterface<A extends readonly unknown[] = any[], R = any> = EndpointInstance<A, R>;

/**
 * A read (non-mutating) endpoint, as data-client's `ReadEndpoint`.
 *
 * @example
 * function prefetch(endpoint: ReadEndpoint) { return controller.fetchIfStale(endpoint); }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReadEndpoint<A extends readonly unknown[] = any[], R = any> = EndpointInstance<A, R> & { readonly sideEffect?: undefined };

/**
 * The path parameters and search parameters of a call, as data-client's `PathArgsAndSearch`.
 *
 * @example
 * type P = PathArgsAndSearch<'/todos/:id'>; // { id: string | number } & Record<string, unknown>
 */
export type PathArgsAndSearch<P extends string> = PathArgs<P> & Record<string, unknown>;

/**
 * A resource's members (what `resource()` returns), as data-client's `ResourceInterface`.
 *
 * @example
 * function members(r: ResourceInterface) { return Object.keys(r); }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResourceInterface<O extends ResourceGenerics = any> = Resource<O>;

export type { PolymorphicInterface };

/**
 * A schema that can find its value from arguments alone (`queryKey`): an Entity class, `All`,
 * `Collection`, `Query`, `Union`, as data-client's `Queryable`; what `Query` and
 * `controller.get` read. `P` is accepted for data-client's arity and not used.
 *
 * @example
 * function count<S extends Queryable>(schema: S) { return new Query(schema, (items: unknown[]) => items.length); }
 */
export type Queryable<P = unknown> = Required<Pick<SchemaObject, 'queryKey'>>;

/**
 * The shape of a schema written by hand: `normalize`, `denormalize` and optionally `queryKey`
 * over this library's delegates, as data-client's `SchemaSimple` (its type parameters are
 * accepted for its arity and not used).
 *
 * @example
 * const upper: SchemaSimple = { normalize: input => String(input).toUpperCase(), denormalize: input => input };
 */
export type SchemaSimple<T = unknown, Args extends readonly unknown[] = unknown[]> = SchemaObject;

/**
 * A RestEndpoint typed data-client's positional way: URL parameters, body, schema, whether it
 * mutates, and its other options (`path`, `searchParams`, `paginationField`). The resolved value
 * follows the schema, as for every RestEndpoint here (`R` is accepted for data-client's arity).
 *
 * @example
 * type GetTodo = RestType<{ id: number }, undefined, typeof Todo, false>;
 */
export type RestType<
  UrlParams = Record<string, string | number>,
  Body = unknown,
  S = Schema | undefined,
  M extends boolean | undefined = boolean | undefined,
  R = unknown,
  O extends { readonly path: string; readonly body?: unknown; readonly searchParams?: unknown; readonly paginationField?: string } = { path: string },
> = RestEndpoint<
  Omit<O, 'body' | 'searchParams'> & {
    readonly schema: S;
    readonly searchParams: UrlParams;
    readonly method: M extends true ? 'POST' : 'GET';
  } & (M extends true ? { readonly body: Body } : {})
>;

/**
 * The type of a list's `push` / `unshift`: a POST to `O['path']` whose reply normalizes with `S`
 * (the Collection's item), as data-client's `AddEndpoint`. The call's arguments come from `O`
 * (path and search parameters, then the body); `F` is accepted for data-client's arity.
 *
 * @example
 * interface TodoResource { create: AddEndpoint<FetchFunction, typeof Todo, { path: '/todos'; body: Partial<Todo> }> }
 */
export type AddEndpoint<
  F extends FetchFunction = FetchFunction,
  S = Schema | undefined,
  O extends { readonly path: string; readonly body: unknown; readonly searchParams?: unknown } = { path: string; body: unknown },
> = RestEndpoint<O & { readonly method: 'POST'; readonly schema: S }>;


/**
 * `O` with every field `D` gives a default for filled in: `O`'s own value when it has one (not
 * `undefined`), else `D`'s, as data-client's `Defaults` (used in typing custom endpoint options).
 *
 * @example
 * type Options = Defaults<{ method?: 'POST' }, { method: 'GET'; path: '/todos' }>; // { method: 'POST'; path: '/todos' }
 */
export type Defaults<O, D> = { [K in keyof O | keyof D]: K extends keyof O ? Exclude<O[K], undefined> : D[K & keyof D] };

/**
 * A type parameter that is not inferred from this position (TypeScript's `NoInfer`), under
 * data-client's name.
 *
 * @example
 * function fetchAs<T>(endpoint: Endpoint, fallback: NI<T>): Promise<T>;
 */
export type NI<T> = NoInfer<T>;

/**
 * The fetch function of a GET endpoint: its arguments `A`, resolving to `R`, as data-client's `FetchGet`.
 *
 * @example
 * const fetchTodo: FetchGet<[{ id: number }], Todo> = ({ id }) => getTodo({ id });
 */
export type FetchGet<A extends readonly unknown[] = [Record<string, unknown>], R = unknown> = (...args: A) => Promise<R>;

/**
 * The fetch function of a mutating endpoint: `(params, body)` or `(body)`, resolving to `R`, as
 * data-client's `FetchMutate`.
 *
 * @example
 * const create: FetchMutate<[{ title: string }], Todo> = body => createTodo(body);
 */
export type FetchMutate<A extends readonly unknown[] = [Record<string, unknown>, unknown] | [unknown], R = unknown> = (...args: A) => Promise<R>;

/**
 * The call shape of a RestEndpoint with URL parameters `UrlParams` and, when `Body` is not
 * `undefined`, a body, resolving to `Resolve`, as data-client's `RestFetch`. Parameters that are
 * all optional may be left out.
 *
 * @example
 * const update: RestFetch<{ id: number }, Partial<Todo>, Todo> = (params, body) => TodoResource.partialUpdate(params, body);
 */
export type RestFetch<UrlParams, Body = undefined, Resolve = unknown> =
  [Body] extends [undefined] ?
    [UrlParams] extends [undefined] ? () => Promise<Resolve>
    : {} extends UrlParams ? (params?: UrlParams) => Promise<Resolve>
    : (params: UrlParams) => Promise<Resolve>
  : [UrlParams] extends [undefined] ? (body: Body) => Promise<Resolve>
  : (params: UrlParams, body: Body) => Promise<Resolve>;
