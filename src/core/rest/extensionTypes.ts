// More `@data-client/rest` / `endpoint` 0.18 type names, over this library's types. Types only.
import type { Endpoint, EndpointBase } from './Endpoint.js';
import type { EndpointOptions } from './endpointTypes.js';
import type { NetworkError } from './NetworkError.js';
import type { ExtendedEndpoint, ExtendOptions, ResourceGenerics } from './resourceTypes.js';
import type { RestEndpoint } from './RestEndpoint.js';
import type { MergeGenerics, RestGenerics, SearchParamsOf } from './restTypes.js';

/** The generics of a RestEndpoint type (`never` for anything else). */
type GenericsOf<E> = E extends RestEndpoint<infer O> ? O : never;

/**
 * The generics `extend()` may override, all optional, as data-client's `PartialRestGenerics`.
 *
 * @example
 * function withSearch<O extends PartialRestGenerics>(options: O) { return TodoResource.getList.extend(options); }
 */
export type PartialRestGenerics = Partial<RestGenerics>;

/**
 * What `endpoint.extend(options)` takes: overridable generics plus RestEndpoint options, as
 * data-client's `RestEndpointExtendOptions`.
 *
 * @example
 * const options: RestEndpointExtendOptions = { path: '/v2/todos/:id', dataExpiryLength: 5_000 };
 */
export type RestEndpointExtendOptions = ExtendOptions;

/**
 * The type of `E.extend(O)`: `E`'s generics overridden by `O`'s, as data-client's
 * `RestExtendedEndpoint` (note its order: options first, endpoint second).
 *
 * @example
 * type V2Get = RestExtendedEndpoint<{ path: '/v2/todos/:id' }, typeof TodoResource.get>;
 */
export type RestExtendedEndpoint<O extends PartialRestGenerics | {}, E> = ExtendedEndpoint<E, O>;

/**
 * A RestEndpoint typed data-client's positional way: fetch function `F` (accepted for arity; the
 * call shape follows `O`), schema `S`, whether it mutates (`M`), and its generics `O`, as
 * data-client's `RestInstanceBase` / `RestInstance`.
 *
 * @example
 * function refetch(endpoint: RestInstanceBase) { return endpoint.url({}); }
 */
export type RestInstanceBase<
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  F = unknown,
  S = unknown,
  M extends boolean | undefined = boolean | undefined,
  O extends RestGenerics = { path: string },
> = RestEndpoint<
  Omit<O, 'schema'> & { readonly schema: S } & (O extends { readonly method: string } ? {} : { readonly method: M extends true ? 'POST' : 'GET' })
>;

/**
 * The RestEndpoint interface under data-client's `IRestEndpoint` name (its class is `RestEndpoint`).
 *
 * @example
 * function urlOf(endpoint: IRestEndpoint) { return endpoint.url({}); }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IRestEndpoint<O extends RestGenerics = any> = RestEndpoint<O>;

/**
 * The RestEndpoint class's type (what `resource({ Endpoint })` and subclassing take), as
 * data-client's `RestEndpointConstructor`.
 *
 * @example
 * const Base: RestEndpointConstructor = RestEndpoint;
 */
export type RestEndpointConstructor = typeof RestEndpoint;

/**
 * The member names of a RestEndpoint, as data-client's `KeyofRestEndpoint` (what custom
 * endpoint option types `Omit`).
 *
 * @example
 * type Extra = Omit<MyOptions, KeyofRestEndpoint>;
 */
export type KeyofRestEndpoint = keyof RestEndpoint;

/**
 * The member names of an Endpoint, as data-client's `KeyofEndpointInstance`.
 *
 * @example
 * type Extra = Omit<MyOptions, KeyofEndpointInstance>;
 */
export type KeyofEndpointInstance = keyof Endpoint;

/**
 * An Endpoint typed by its fetch function, schema and side effect, as data-client's
 * `EndpointInstanceInterface`.
 *
 * @example
 * function nameOf(endpoint: EndpointInstanceInterface) { return endpoint.name; }
 */
export type EndpointInstanceInterface<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  F extends (...args: any[]) => Promise<unknown> = (...args: any[]) => Promise<unknown>,
  S = unknown,
  M extends true | undefined = true | undefined,
> = EndpointBase<F, S, M>;

/**
 * What `endpoint.extend(options)` of a plain `Endpoint` takes, as data-client's `EndpointExtendOptions`.
 *
 * @example
 * const options: EndpointExtendOptions = { dataExpiryLength: 10_000, name: 'getTodo' };
 */
export type EndpointExtendOptions<A extends readonly unknown[] = readonly unknown[]> = EndpointOptions<A> & Record<string, unknown>;

/**
 * An endpoint seen as a plain function of its own arguments, as data-client's `EndpointToFunction`.
 *
 * @example
 * type GetTodo = EndpointToFunction<typeof TodoResource.get>; // (params: { id: string | number }) => Promise<Todo>
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EndpointToFunction<E extends (...args: any) => Promise<unknown>> = (...args: Parameters<E>) => ReturnType<E>;

/**
 * Whether an HTTP method mutates: `undefined` for GET (and no method), `true` otherwise, as
 * data-client's `MethodToSide` (an endpoint's `sideEffect`).
 *
 * @example
 * type S = MethodToSide<'PATCH'>; // true
 */
export type MethodToSide<M> = M extends string ? (M extends 'GET' ? undefined : true) : undefined;

/** `O[K]` when `O` has `K`, else `E[K]`, as data-client's `FromFallBack`. */
export type FromFallBack<K extends keyof E, O, E> = K extends keyof O ? O[K] : E[K];

/**
 * The parameters object of path keys `Key` (required, or optional for `{...}` groups), as
 * data-client's `KeysToArgs`; `PathArgs` of a template is what most code wants.
 *
 * @example
 * type P = KeysToArgs<'id'>; // { id: string | number }
 */
export type KeysToArgs<Key extends string> = { [K in Key]: string | number };

/**
 * The argument list of a call whose parameters are `P`: none when `P` is `undefined` or empty,
 * optional when every member is, else required, as data-client's `ParamToArgs`.
 *
 * @example
 * type A = ParamToArgs<{ id: number }>; // [{ id: number }]
 */
export type ParamToArgs<P> =
  P extends undefined ? []
  : {} extends P ?
    keyof P extends never ?
      []
    : [] | [P]
  : [P];

/**
 * A call taking parameters `P` (left out when they are `undefined` or all optional), resolving
 * to `R`, as data-client's `ParamFetchNoBody`.
 *
 * @example
 * const get: ParamFetchNoBody<{ id: number }, Todo> = params => TodoResource.get(params);
 */
export type ParamFetchNoBody<P, R = unknown> = (...args: ParamToArgs<P>) => Promise<R>;

/**
 * A call taking parameters `P` (left out when they are `undefined` or all optional) and a body
 * `B`, resolving to `R`, as data-client's `ParamFetchWithBody`.
 *
 * @example
 * const update: ParamFetchWithBody<{ id: number }, Partial<Todo>, Todo> = (params, body) => TodoResource.partialUpdate(params, body);
 */
export type ParamFetchWithBody<P, B = {}, R = unknown> =
  P extends undefined ? (body: B) => Promise<R>
  : {} extends P ?
    keyof P extends never ?
      (body: B) => Promise<R>
    : ((params: P, body: B) => Promise<R>) & ((body: B) => Promise<R>)
  : (params: P, body: B) => Promise<R>;

/**
 * A RestEndpoint with a body, typed positionally (URL parameters, schema, side effect, body,
 * resolve type, generics), as data-client's `RestTypeWithBody`.
 *
 * @example
 * type Create = RestTypeWithBody<{}, typeof Todo, true, Partial<Todo>>;
 */
export type RestTypeWithBody<
  UrlParams = Record<string, string | number>,
  S = unknown,
  M extends boolean | undefined = boolean | undefined,
  Body = unknown,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  R = unknown,
  O extends { readonly path: string; readonly searchParams?: unknown } = { path: string },
> = RestEndpoint<Omit<O, 'body' | 'searchParams'> & { readonly schema: S; readonly searchParams: UrlParams; readonly body: Body; readonly method: M extends true ? 'POST' : 'GET' }>;

/**
 * A RestEndpoint without a body, typed positionally, as data-client's `RestTypeNoBody`.
 *
 * @example
 * type GetTodo = RestTypeNoBody<{ id: number }, typeof Todo, undefined>;
 */
export type RestTypeNoBody<
  UrlParams = Record<string, string | number>,
  S = unknown,
  M extends boolean | undefined = boolean | undefined,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  R = unknown,
  O extends { readonly path: string; readonly searchParams?: unknown } = { path: string },
> = RestEndpoint<Omit<O, 'body' | 'searchParams'> & { readonly schema: S; readonly searchParams: UrlParams; readonly method: M extends true ? 'DELETE' : 'GET' }>;

/**
 * The endpoint `list.paginated(removeCursor)` returns when `removeCursor` takes `A`: the list
 * endpoint whose call also takes `A[0]` (the cursor), as data-client's `PaginationEndpoint`.
 *
 * @example
 * const getNextPage: PaginationEndpoint<typeof TodoResource.getList, [{ cursor: string }]> =
 *   TodoResource.getList.paginated(({ cursor, ...rest }: { cursor: string }) => [rest]);
 */
export type PaginationEndpoint<E, A extends readonly unknown[]> = RestEndpoint<
  MergeGenerics<GenericsOf<E>, { searchParams: SearchParamsOf<GenericsOf<E>> & A[0] }>
>;

/**
 * The endpoint `list.paginated('cursor')` (and `getPage` with `paginationField`) returns: the
 * list endpoint whose call also takes the field `C`, as data-client's `PaginationFieldEndpoint`.
 *
 * @example
 * const getNextPage: PaginationFieldEndpoint<typeof TodoResource.getList, 'cursor'> = TodoResource.getList.paginated('cursor');
 */
export type PaginationFieldEndpoint<E, C extends string> = RestEndpoint<
  MergeGenerics<GenericsOf<E>, { searchParams: SearchParamsOf<GenericsOf<E>> & { [K in C]: string | number } }>
>;

/**
 * A list's `remove`: PATCH of `O['path']` whose reply's entities leave matching lists, as
 * data-client's `RemoveEndpoint` (`F` accepted for arity).
 *
 * @example
 * type Remove = RemoveEndpoint<FetchFunction, typeof Todo, { path: '/todos'; body: { id: number } }>;
 */
export type RemoveEndpoint<
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  F = unknown,
  S = unknown,
  O extends { readonly path: string; readonly body: unknown; readonly searchParams?: unknown } = { path: string; body: unknown },
> = RestEndpoint<Omit<O, 'method'> & { readonly method: 'PATCH'; readonly schema: S }>;

/**
 * A list's `move`: PATCH of the item path; the entity moves between lists, as data-client's
 * `MoveEndpoint` (`F` accepted for arity).
 *
 * @example
 * type Move = MoveEndpoint<FetchFunction, typeof Todo, { path: '/todos/:id'; body: Partial<Todo> }>;
 */
export type MoveEndpoint<
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  F = unknown,
  S = unknown,
  O extends { readonly path: string; readonly body: unknown } = { path: string; body: unknown },
> = RestEndpoint<Omit<O, 'method' | 'searchParams'> & { readonly method: 'PATCH'; readonly schema: S; readonly searchParams: undefined }>;

/**
 * The call shape of an endpoint built from options `O` over endpoint `E`, as data-client's
 * `OptionsToFunction` (`F` accepted for arity): the call of `E.extend(O)`.
 *
 * @example
 * type Call = OptionsToFunction<{ path: '/v2/todos/:id' }, typeof TodoResource.get, FetchFunction>;
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export type OptionsToFunction<O extends PartialRestGenerics | {}, E, F = unknown> = EndpointToFunction<ExtendedEndpoint<E, O>>;

/**
 * A resource with the members named `ExtendKey` extended by options `O`, as data-client's
 * `ResourceExtension`: what a function that customizes several members of any resource returns.
 *
 * @example
 * function withV2<R extends Resource<any>>(r: R): ResourceExtension<R, 'get' | 'update', { urlPrefix: string }> {
 *   return r.extend({ get: { urlPrefix: '/v2' }, update: { urlPrefix: '/v2' } }) as never;
 * }
 */
export type ResourceExtension<R, ExtendKey extends Exclude<Extract<keyof R, string>, 'extend'>, O extends PartialRestGenerics | {}> = {
  [K in keyof R]: K extends ExtendKey ? ExtendedEndpoint<R[K], O> : R[K];
};

type MemberOf<R, K extends string, X> =
  K extends keyof R ?
    unknown extends X ? R[K]
    : ExtendedEndpoint<R[K], X>
  : never;

/**
 * A resource some of whose five members (`get`, `getList`, `update`, `partialUpdate`, `delete`)
 * were extended with the given options, as data-client's `CustomResource`: the return type of a
 * project's own `createMyResource()` (`O` is accepted for data-client's arity).
 *
 * @example
 * function createMyResource<O extends ResourceGenerics>(options: O): CustomResource<Resource<O>, O, { dataExpiryLength: number }> {
 *   return resource(options).extend({ get: { dataExpiryLength: 60_000 } }) as never;
 * }
 */
export type CustomResource<
  R,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  O extends ResourceGenerics = ResourceGenerics,
  Get = unknown,
  GetList = unknown,
  Update = unknown,
  PartialUpdate = unknown,
  Delete = unknown,
> = Omit<R, 'get' | 'getList' | 'update' | 'partialUpdate' | 'delete'> & {
  get: MemberOf<R, 'get', Get>;
  getList: MemberOf<R, 'getList', GetList>;
  update: MemberOf<R, 'update', Update>;
  partialUpdate: MemberOf<R, 'partialUpdate', PartialUpdate>;
  delete: MemberOf<R, 'delete', Delete>;
};

/**
 * `R` with the members of `T` added or replaced, as data-client's `ExtendedResource` (what
 * `resource().extend(fn)` returns).
 *
 * @example
 * type WithCurrent = ExtendedResource<typeof UserResource, { current: typeof getCurrent }>;
 */
export type ExtendedResource<R, T extends Record<string, unknown>> = Omit<R, keyof T> & T;

/**
 * The options object of `resource().extend({ ... })` for the five standard members, as
 * data-client's `ResourceEndpointExtensions`.
 *
 * @example
 * const overrides: ResourceEndpointExtensions<typeof TodoResource> = { getList: { dataExpiryLength: 10_000 } };
 */
export type ResourceEndpointExtensions<
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  R,
  Get extends PartialRestGenerics = {},
  GetList extends PartialRestGenerics = {},
  Update extends PartialRestGenerics = {},
  PartialUpdate extends PartialRestGenerics = {},
  Delete extends PartialRestGenerics = {},
> = {
  readonly get?: ExtendOptions & Readonly<Get>;
  readonly getList?: ExtendOptions & Readonly<GetList>;
  readonly update?: ExtendOptions & Readonly<Update>;
  readonly partialUpdate?: ExtendOptions & Readonly<PartialUpdate>;
  readonly delete?: ExtendOptions & Readonly<Delete>;
};

/**
 * An error of unknown origin as an endpoint may reject with (a `status` and `response` if it
 * has them), as data-client's `UnknownError`.
 *
 * @example
 * function statusOf(error: ErrorTypes) { return typeof error.status === 'number' ? error.status : 0; }
 */
export interface UnknownError extends Error {
  status?: unknown;
  response?: unknown;
}

/**
 * What an endpoint rejects with: a `NetworkError` (an HTTP status) or another error, as
 * data-client's `ErrorTypes`.
 *
 * @example
 * const message = (error: ErrorTypes) => (isNetworkError(error) ? `HTTP ${error.status}` : error.message);
 */
export type ErrorTypes = NetworkError | UnknownError;
