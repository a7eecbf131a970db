import type { SnapshotInterface } from '../schema/protocol.js';
import type { EndpointExtraOptions } from './endpointTypes.js';
import type { HasRequiredArgs, PathArgs } from './pathTypes.js';
import type { Resolved } from './resolveReply.js';
import type { ResponseContent } from './parseBody.js';

/**
 * The type parameters of a `RestEndpoint`, read from its options: the path template, the
 * schema, the method, and the types of `body` and `searchParams` (values are only types).
 *
 * @example
 * class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {}
 */
export interface RestGenerics {
  readonly path: string;
  // `| undefined` on each optional field keeps these declarations valid for an app compiled with
  // `exactOptionalPropertyTypes` (an `Omit<O, …>` of a generic `O` reads `O['field']` as possibly undefined)
  readonly schema?: unknown;
  readonly method?: string | undefined;
  readonly body?: unknown;
  readonly searchParams?: unknown;
  readonly paginationField?: string | undefined;
  /** On a list endpoint: the item path `move` uses. */
  readonly movePath?: string | undefined;
  /**
   * How the reply body is read: `json` (whatever the content-type), `blob`, `text`,
   * `arrayBuffer` or `stream` (`response.body`). Calls resolve to that type.
   * @default by the reply's content-type (JSON, text, or Blob)
   */
  readonly content?: ResponseContent | undefined;
  readonly process?: ((value: any, ...args: any) => unknown) | undefined;
}

/** Headers as a plain record (what `getHeaders` receives and returns). */
export type HeadersRecord = Record<string, string>;

/** Body types sent as they are (no JSON encoding, no `content-type` set by the library). */
export type RawBody = FormData | URLSearchParams | Blob | ArrayBuffer | ArrayBufferView | ReadableStream | string;

type IsAny<T> = 0 extends 1 & T ? true : false;
type MethodOf<O> = O extends { readonly method: infer M extends string } ? M : 'GET';

/** true when calls take a body: any method but GET / DELETE, unless `body: undefined`. */
export type HasBody<O> =
  Uppercase<MethodOf<O>> extends 'GET' | 'DELETE' ? false
  : O extends { readonly body: infer B } ? ([B] extends [undefined] ? false : true)
  : true;

/** A value in the query string. */
export type SearchValue = string | number | boolean | readonly (string | number)[] | undefined;
type DeclaredSearch<O> = O extends { readonly searchParams: infer P } ? ([P] extends [undefined] ? {} : Exclude<P, undefined>) : {};
/** Declared search parameters; without a declaration any extra argument goes to the query string. */
export type SearchParamsOf<O> = SearchOf<O>;
type SearchOf<O> = O extends { readonly searchParams: infer P } ? ([P] extends [undefined] ? {} : Exclude<P, undefined>) : Record<string, SearchValue>;
type PathOf<O> = O extends { readonly path: infer P extends string } ? P : string;

/** The first argument: path parameters plus search parameters. */
export type ParamsOf<O> = PathArgs<PathOf<O>> & SearchOf<O>;
/** The body argument. */
export type BodyOf<O> = O extends { readonly body: infer B } ? B : Record<string, unknown> | RawBody;

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type ParamsRequired<O> =
  HasRequiredArgs<PathOf<O>> extends true ? true : [RequiredKeys<DeclaredSearch<O>>] extends [never] ? false : true;
type NeedsParams<O> = [keyof PathArgs<PathOf<O>> | keyof DeclaredSearch<O>] extends [never] ? false : true;

/**
 * The arguments of a call: `(params)` for GET/DELETE (optional when nothing is required),
 * `(params, body)` with a body, or just `(body)` when nothing in `params` is required (a single
 * argument is the body).
 */
export type RestArgs<O> =
  IsAny<O> extends true ? unknown[]
  : HasBody<O> extends true ?
    NeedsParams<O> extends false ? [body: BodyOf<O>]
    : ParamsRequired<O> extends true ? [params: ParamsOf<O>, body: BodyOf<O>]
    : [params: ParamsOf<O>, body: BodyOf<O>] | [body: BodyOf<O>]
  : ParamsRequired<O> extends true ? [params: ParamsOf<O>]
  : [params?: ParamsOf<O>];

/** The body type each `content` reads. */
export interface ContentTypes {
  json: unknown;
  blob: Blob;
  text: string;
  arrayBuffer: ArrayBuffer;
  stream: ReadableStream<Uint8Array> | null;
}

/** What `endpoint.fetch()` resolves to: `process`'s return type, the type `content` reads, or unknown JSON. */
export type RestFetchReturn<O> =
  IsAny<O> extends true ? unknown
  : O extends { process(value: any, ...args: any): infer R } ? Awaited<R>
  : O extends { readonly content: infer C extends ResponseContent } ? ContentTypes[C]
  : unknown;

export type SchemaOf<O> = IsAny<O> extends true ? unknown : O extends { readonly schema: infer S } ? S : undefined;
export type SideEffectOf<O> =
  IsAny<O> extends true ? true | undefined : Uppercase<MethodOf<O>> extends 'GET' ? undefined : true;

/** What calling the endpoint resolves to: denormalized with a schema, else the processed reply. */
export type RestReturn<O> = Resolved<SchemaOf<O>, RestFetchReturn<O>>;

/** The `this` of option methods: an endpoint whose generics are not known there. */
export interface RestInstance {
  readonly urlPrefix: string;
  readonly path: string;
  readonly method: string;
  readonly name: string;
  readonly signal: AbortSignal | undefined;
  readonly schema?: unknown;
  url(params?: object): string;
  searchToString(searchParams: Record<string, unknown>): string;
  getHeaders(headers: HeadersRecord): HeadersInit | Promise<HeadersInit>;
  getRequestInit(body?: unknown): Promise<RequestInit>;
  fetchResponse(input: string, init: RequestInit): Promise<Response>;
  parseResponse(response: Response): Promise<unknown>;
  process(value: unknown, ...args: unknown[]): unknown;
}

/**
 * Options of `new RestEndpoint(...)` and `extend(...)` besides the generics. Each method is a
 * customization point; the defaults are documented on `RestEndpoint`.
 */
export interface RestEndpointOptions extends EndpointExtraOptions {
  /** Prefix of every URL (`{base_url}`). @default '' */
  readonly urlPrefix?: string;
  /** Cancels the request when aborted (`AbortSignal.timeout(ms)` for a timeout). */
  readonly signal?: AbortSignal | undefined;
  /** Name in messages. @default urlPrefix + path */
  readonly name?: string;
  /** Extra `RequestInit` fields merged into every request (e.g. `credentials`). */
  readonly requestInit?: RequestInit;
  /** Overrides `method !== 'GET'`. */
  readonly sideEffect?: true | undefined;
  /**
   * Replaces the whole request (URL, headers, parsing): the endpoint keeps its key, schema and
   * arguments, and calls this instead, as data-client's `extend({ fetch })`.
   * @default fetches `url(params)` with `getRequestInit(body)` and parses the reply
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fetch?(this: RestInstance, ...args: any[]): Promise<unknown>;
  getHeaders?(this: RestInstance, headers: HeadersRecord): HeadersInit | Promise<HeadersInit>;
  getRequestInit?(this: RestInstance, body?: unknown): Promise<RequestInit> | RequestInit;
  fetchResponse?(this: RestInstance, input: string, init: RequestInit): Promise<Response>;
  parseResponse?(this: RestInstance, response: Response): Promise<unknown>;
  searchToString?(this: RestInstance, searchParams: Record<string, unknown>): string;
  url?(this: RestInstance, params?: object): string;
  key?(this: RestInstance, ...args: any[]): string;
  getOptimisticResponse?(this: RestInstance, snapshot: SnapshotInterface, ...args: any[]): unknown;
  /** On a list endpoint: `push`, `unshift` and `move` get optimistic replies. @default false */
  readonly optimistic?: boolean;
}

/** Keys written out in `E` (index signatures such as `Record<string, unknown>` dropped). */
type KnownKeys<E> = keyof { [K in keyof E as string extends K ? never : number extends K ? never : K]: E[K] };
type Overridden<E> = KnownKeys<E> & keyof RestGenerics;

/** Generics of `base` overridden by the generics given to `extend`. */
export type MergeGenerics<O, E> =
  IsAny<O> extends true ? (E extends { path: string } ? E : any)
  : Omit<O, Overridden<E>> & Pick<E, Overridden<E>> extends infer M extends RestGenerics ? M
  : never;
