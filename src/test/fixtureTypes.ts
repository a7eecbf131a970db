import type { AnyEndpoint, DataOf, Entity } from '../core/index.js';

/**
 * The JSON a server would send for a value of type `T`: an entity becomes its data fields (each
 * optional, since the entity fills missing fields from its defaults; methods dropped), arrays
 * map their items, objects their fields, everything else stays as it is.
 *
 * @example
 * const raw: RawOf<Task> = { id: 1, title: 'Write tests' }; // `done` falls back to its default
 */
export type RawOf<T> =
  T extends Entity ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]?: RawOf<T[K]> }
  : T extends readonly (infer I)[] ? readonly RawOf<I>[]
  : T extends (...args: never[]) => unknown ? T
  : T extends Date ? T | string
  : T extends object ? { [K in keyof T]: RawOf<T[K]> }
  : T;

/**
 * What a fixture may reply for `E`: the server JSON of the endpoint's value (`RawOf` of what
 * calling it resolves to). A mutation may also reply `null` (a `204 No Content`: `delete`'s
 * `Invalidate` takes the id from the arguments).
 *
 * @example
 * const reply: FixtureResponse<typeof TaskResource.get> = { id: 1, title: 'Write tests' };
 */
export type FixtureResponse<E> = RawOf<DataOf<E>> | (E extends { readonly sideEffect: true } ? null : never);

/** The arguments of `E`'s calls. */
type ArgsOf<E> = E extends (...args: infer A) => unknown ? A : never;

/**
 * A recorded reply of one call: `endpoint(...args)` answers `response` (or, when `response` is a
 * function, what it returns for the call's arguments), after `delay` ms. Matched by the key of
 * the call, as the store keys its results.
 *
 * @example
 * const fixture: SuccessFixture<typeof TaskResource.get> = {
 *   endpoint: TaskResource.get,
 *   args: [{ id: 1 }],
 *   response: { id: 1, title: 'Write tests', done: false },
 * };
 */
export interface SuccessFixture<E extends AnyEndpoint = AnyEndpoint> {
  readonly endpoint: E;
  readonly args: ArgsOf<E>;
  readonly response: FixtureResponse<E> | ((...args: ArgsOf<E>) => FixtureResponse<E> | Promise<FixtureResponse<E>>);
  readonly error?: false;
  /**
   * Milliseconds to wait before replying.
   * @default 0
   */
  readonly delay?: number;
  /**
   * When true, a `response` function runs once the delay is over; when false, it runs as the
   * call starts and its reply is delivered after the delay.
   * @default false
   */
  readonly delayCollapse?: boolean;
}

/**
 * A recorded failure of one call: `endpoint(...args)` rejects with `response`. An `Error` is thrown
 * as it is; a `{ status }` object (optionally with a `body`) becomes the `NetworkError` a server
 * replying that status gives; anything else is thrown as it is.
 *
 * @example
 * const fixture: ErrorFixture<typeof TaskResource.get> = {
 *   endpoint: TaskResource.get,
 *   args: [{ id: 404 }],
 *   response: { status: 404, body: { message: 'no such task' } },
 *   error: true,
 * };
 */
export interface ErrorFixture<E extends AnyEndpoint = AnyEndpoint> {
  readonly endpoint: E;
  readonly args: ArgsOf<E>;
  readonly response: Error | NetworkErrorLike | ((...args: ArgsOf<E>) => Error | NetworkErrorLike);
  readonly error: true;
  /**
   * Milliseconds to wait before failing.
   * @default 0
   */
  readonly delay?: number;
  /**
   * When true, a `response` function runs once the delay is over; when false, it runs as the
   * call starts and the failure is delivered after the delay.
   * @default false
   */
  readonly delayCollapse?: boolean;
}

/**
 * The shape an error fixture gives to get a `NetworkError`: the HTTP status and, optionally, the
 * body the server would send with it (JSON).
 *
 * @example
 * const notFound: NetworkErrorLike = { status: 404, body: { message: 'no such task' } };
 */
export interface NetworkErrorLike {
  readonly status: number;
  readonly body?: unknown;
}

/**
 * A reply recorded for one call (`{ endpoint, args, response }`) or a failure (`error: true`).
 *
 * @example
 * const fixtures: Fixture[] = [
 *   { endpoint: TaskResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
 *   { endpoint: TaskResource.get, args: [{ id: 2 }], response: { status: 404 }, error: true },
 * ];
 */
export type Fixture<E extends AnyEndpoint = AnyEndpoint> = SuccessFixture<E> | ErrorFixture<E>;

/**
 * Answers every call of `endpoint` (any arguments; matched with `endpoint.testKey`) with what
 * `response(...args)` returns; throwing from it fails the call with that error. Its `this` is one
 * state object per mock client, shared by every interceptor and kept between calls (start value
 * from `getInitialInterceptorData()`), so an interceptor can count calls or keep a table.
 *
 * @example
 * const create: ResponseInterceptor<{ nextId: number }, typeof TaskResource.getList.push> = {
 *   endpoint: TaskResource.getList.push,
 *   response(_params, body) {
 *     return { ...body, id: this.nextId++ };
 *   },
 *   delay: 50,
 * };
 */
export interface ResponseInterceptor<T = any, E extends AnyEndpoint = AnyEndpoint> {
  readonly endpoint: E;
  response(this: T, ...args: ArgsOf<E>): FixtureResponse<E> | Promise<FixtureResponse<E>>;
  /**
   * Milliseconds to wait before replying, or a function of the call's arguments.
   * @default 0
   */
  readonly delay?: number | ((...args: ArgsOf<E>) => number);
  /**
   * When true, `response` runs once the delay is over (it sees the state as it is then); when
   * false, it runs as the call starts and its reply is delivered after the delay.
   * @default false
   */
  readonly delayCollapse?: boolean;
}

/**
 * An endpoint whose request goes through `fetchResponse(input, init)` (a `RestEndpoint`): the
 * endpoints a `FetchInterceptor` can answer.
 */
export interface FetchesResponse {
  fetchResponse(input: string, init: RequestInit): Promise<Response>;
}

/**
 * Answers every call of `endpoint` (matched with `endpoint.testKey`) by running the endpoint's own
 * request (`url()`, `getRequestInit()`, `parseResponse`, `process`) with its `fetchResponse`
 * replaced: `fetchResponse(input, init)` gets the URL and the `RequestInit` the endpoint built
 * (method, headers, JSON body as a string) and returns the body the server would send (not a
 * `Response`); it is sent as a `200` JSON reply. Throwing fails the call (a `{ status }` object
 * becomes a `NetworkError`). `this` is the state interceptors share, as for `ResponseInterceptor`.
 *
 * @example
 * const rename: FetchInterceptor<{ calls: number }, typeof TaskResource.partialUpdate> = {
 *   endpoint: TaskResource.partialUpdate,
 *   fetchResponse(input, init) {
 *     this.calls++;
 *     return { id: Number(input.split('/').pop()), ...JSON.parse(String(init.body)) };
 *   },
 * };
 */
export interface FetchInterceptor<T = any, E extends AnyEndpoint = AnyEndpoint> {
  readonly endpoint: E & FetchesResponse;
  fetchResponse(this: T, input: string, init: RequestInit): FixtureResponse<E> | Promise<FixtureResponse<E>>;
  /**
   * Milliseconds to wait before replying, or a function of the call's arguments.
   * @default 0
   */
  readonly delay?: number | ((...args: ArgsOf<E>) => number);
  /**
   * When true, the request runs (and `fetchResponse` is called) once the delay is over; when
   * false, it runs as the call starts and its result is delivered after the delay.
   * @default false
   */
  readonly delayCollapse?: boolean;
}

/**
 * An interceptor: `response(...args)` computes the reply from the arguments, or (for an endpoint
 * with `fetchResponse`) `fetchResponse(input, init)` computes it from the request the endpoint
 * built. Either matches every call its endpoint's `testKey` accepts.
 *
 * @example
 * const counter: Interceptor<{ calls: number }, typeof TaskResource.get> = {
 *   endpoint: TaskResource.get,
 *   response({ id }) {
 *     this.calls++;
 *     return { id: Number(id) };
 *   },
 * };
 */
export type Interceptor<T = any, E extends AnyEndpoint = AnyEndpoint> =
  | ResponseInterceptor<T, E>
  | FetchInterceptor<T, E>;

/**
 * One entry of `resolverFixtures`: a fixture or an interceptor, checked against its own endpoint.
 *
 * @example
 * const entry: FixtureOrInterceptor<typeof TaskResource.get> = { endpoint: TaskResource.get, response: ({ id }) => ({ id }) };
 */
export type FixtureOrInterceptor<E extends AnyEndpoint = AnyEndpoint, T = any> = Fixture<E> | ResponseInterceptor<T, E> | FetchInterceptor<T, E>;

/**
 * A list of fixtures, each checked against its own endpoint: a response that does not fit its
 * endpoint is a type error at that entry. `E` is inferred from the list.
 *
 * @example
 * function useFixtures<const E extends readonly AnyEndpoint[]>(fixtures: Fixtures<E>) {}
 */
export type Fixtures<E extends readonly AnyEndpoint[]> = { readonly [K in keyof E]: Fixture<E[K]> };

/**
 * A list of fixtures and interceptors, each checked against its own endpoint; `T` is the state
 * interceptors share as `this`.
 *
 * @example
 * function useResolvers<const E extends readonly AnyEndpoint[]>(list: Resolvers<E, { n: number }>) {}
 */
export type Resolvers<E extends readonly AnyEndpoint[], T = any> = {
  readonly [K in keyof E]: FixtureOrInterceptor<E[K], T>;
};
