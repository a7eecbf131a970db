import { splitArgs } from './callArgs.js';
import { copyOwn, isPlainObject } from './copyOwn.js';
import { isOwn, table } from '../schema/own.js';
import { derive, EndpointBase } from './Endpoint.js';
import { ConnectionError } from './ConnectionError.js';
import { NetworkError } from './NetworkError.js';
import { parseBody, type ResponseContent } from './parseBody.js';
import { checkContent, normalizesReply } from './contentCheck.js';
import { createMember, moveMember, pageMember, removeMember } from './listMembers.js';
import { paginatedMember, type RemoveCursor } from './paginated.js';
import { fillPath, pathRegExp } from './path.js';
import type {
  HeadersRecord,
  MergeGenerics,
  RestArgs,
  RestEndpointOptions,
  RestFetchReturn,
  RestGenerics,
  SchemaOf,
  SearchParamsOf,
  SideEffectOf,
} from './restTypes.js';
import type { CollectionItem } from './resourceTypes.js';

/** Members an `extend` adds beyond `RestEndpoint`'s options (read by a subclass's overrides). */
type ExtraMembers = { readonly [member: string]: unknown };
/**
 * `T` with the members of `extend`'s options that are not options of a `RestEndpoint`; `T` itself
 * when there are none (an intersection would make the endpoint compare structurally).
 */
type WithExtras<T, E> = [Exclude<keyof E, keyof RestGenerics | keyof RestEndpointOptions | 'key' | 'process'>] extends [never] ? T
  : T & Omit<E, keyof RestGenerics | keyof RestEndpointOptions | 'key' | 'process'>;
type MovePath<O> = O extends { readonly movePath: infer P extends string } ? P : O['path' & keyof O];
/** `getPage`'s type: the list endpoint plus the page argument; undefined without `paginationField`. */
export type PageEndpoint<O> =
  O extends { readonly paginationField: infer F extends string } ?
    RestEndpoint<MergeGenerics<O, { searchParams: SearchParamsOf<O> & { [K in F]: string | number } }>>
  : undefined;

type FetchOf<O> = (...args: RestArgs<O>) => Promise<RestFetchReturn<O>>;

const NO_BODY_METHODS = new Set(['GET', 'DELETE', 'HEAD']);

/**
 * The server's reason from an error reply, for the `NetworkError` message. The reader is its own
 * chunk, loaded on the first error reply: a request that succeeds never pays for it, and a failed
 * request already waits for its body. When the chunk cannot load the error keeps its status line.
 */
function errorExcerpt(response: Response): Promise<string | undefined> {
  return import('./replyExcerpt.js').then(
    m => m.replyExcerpt(response),
    () => undefined,
  );
}

/**
 * An endpoint that follows REST conventions: it builds `urlPrefix` + the compiled `path`
 * (+ the query string from arguments the path does not use), sends `method` with a JSON body,
 * and parses the JSON reply. Every step is a method a subclass or `extend()` may override:
 * `url`, `searchToString`, `getRequestInit`, `getHeaders`, `fetchResponse`, `parseResponse`,
 * `process`, `key`. Calls are `(params)` for GET/DELETE and `(params, body)` (or `(body)` for a
 * template without parameters) otherwise; calling resolves to the denormalized reply.
 *
 * @example
 * const getUser = new RestEndpoint({ urlPrefix: 'https://api.test', path: '/users/:id', schema: User });
 * const user = await getUser({ id: 1 }); // GET https://api.test/users/1 → a User
 * const updateUser = getUser.extend({ method: 'PATCH' });
 * await updateUser({ id: 1 }, { name: 'Ann' });
 */
export class RestEndpoint<O extends RestGenerics = any> extends EndpointBase<FetchOf<O>, SchemaOf<O>, SideEffectOf<O>> {
  declare urlPrefix: string;
  declare readonly path: O['path'];
  declare readonly method: string;
  declare readonly body?: O['body'];
  declare readonly searchParams?: O['searchParams'];
  declare readonly paginationField?: string;
  declare readonly requestInit?: RequestInit;
  declare readonly movePath?: string;
  /** How the reply body is read; by its content-type when unset. */
  declare readonly content?: ResponseContent;
  /** On a list endpoint: `push`, `unshift` and `move` get optimistic replies (set by `resource`). */
  declare readonly optimistic?: boolean;

  constructor(options: Readonly<O> & RestEndpointOptions) {
    super(undefined, options as never);
    const own = (k: string) => isOwn(options, k);
    // `sideEffect` follows `method` unless given explicitly; an inherited method counts too.
    if (!own('sideEffect') && (own('method') || !('sideEffect' in this))) {
      const method = String(this.method ?? 'GET').toUpperCase();
      copyOwn(this, { sideEffect: method === 'GET' ? undefined : true });
    }
    if (this.method === undefined) copyOwn(this, { method: this.sideEffect ? 'POST' : 'GET' });
    else if (own('method')) copyOwn(this, { method: String(this.method).toUpperCase() });
    if (process.env.NODE_ENV !== 'production') checkContent(this.name, this.content, this.schema);
  }

  override get name(): string {
    return `${this.urlPrefix}${this.path}`;
  }

  /** @default '' (a subclass may set it as an instance property) */
  static {
    Object.defineProperty(this.prototype, 'urlPrefix', { value: '', writable: true, enumerable: false, configurable: true });
  }

  /** true when calls carry a body: any method but GET / DELETE, unless `body: undefined`. */
  get hasBody(): boolean {
    if (NO_BODY_METHODS.has(this.method)) return false;
    return !('body' in this) || this.body !== undefined;
  }

  /**
   * The full URL of a call: `urlPrefix` + the filled template, then the arguments the template
   * does not use, through `searchToString`. Throws `TypeError` for a missing required parameter.
   */
  url(params?: object): string {
    const { path, rest } = fillPath(this.path, params, this.name);
    let out = `${this.urlPrefix}${path}`;
    if (rest.length) {
      const search = table<unknown>();
      for (const [k, v] of rest) search[k] = v;
      const query = this.searchToString(search);
      if (query) out += (path.includes('?') ? '&' : '?') + query;
    }
    return out;
  }

  /**
   * Serializes search parameters with `URLSearchParams`, keys sorted so equal arguments give
   * equal keys; an array value repeats its key. `__proto__` is an ordinary key.
   */
  searchToString(searchParams: Record<string, unknown>): string {
    const params = new URLSearchParams();
    for (const k of Object.keys(searchParams).sort()) {
      const v = searchParams[k];
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
      else params.append(k, String(v));
    }
    return params.toString();
  }

  /** Cache key: method and full URL. */
  override key(...args: RestArgs<O>): string {
    return `${this.method} ${this.url(splitArgs(this, args)[0])}`;
  }

  /** true when `key` was produced by this endpoint (any arguments): same method, prefix and path shape. */
  override testKey(key: string): boolean {
    const prefix = `${this.method} ${this.urlPrefix}`;
    if (!key.startsWith(prefix)) return false;
    const rest = key.slice(prefix.length);
    const q = rest.indexOf('?');
    return pathRegExp(this.path).test(q === -1 ? rest : rest.slice(0, q));
  }

  /** @returns the headers to send. @default headers unchanged */
  getHeaders(headers: HeadersRecord): HeadersInit | Promise<HeadersInit> {
    return headers;
  }

  /**
   * The `RequestInit` of a call. A plain object or array body is sent as JSON; FormData,
   * URLSearchParams, Blob, buffers and strings are sent as they are. `content-type:
   * application/json` is sent unless the body is one of those raw types; `requestInit` and
   * `getHeaders` may add or override headers.
   */
  async getRequestInit(body?: unknown): Promise<RequestInit> {
    const json = isPlainObject(body) || Array.isArray(body);
    const base = this.requestInit ?? {};
    const headers: HeadersRecord = {};
    if (body === undefined || body === null || json) headers['content-type'] = 'application/json';
    new Headers(base.headers).forEach((v, k) => (headers[k] = v));
    const init: RequestInit = {
      ...base,
      method: this.method,
      signal: this.signal ?? base.signal ?? null,
      headers: await this.getHeaders(headers),
    };
    if (body !== undefined && body !== null) init.body = json ? JSON.stringify(body) : (body as BodyInit);
    return init;
  }

  /**
   * Sends the request; a non-2xx reply rejects with `NetworkError`. Aborts reject with the
   * signal's reason (`AbortError` / `TimeoutError`); a request that got no reply at all rejects
   * with a `ConnectionError` (a `TypeError` with `status` 500) naming the method and URL.
   */
  async fetchResponse(input: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      if (error instanceof TypeError) throw new ConnectionError(init.method ?? this.method, input, error);
      throw error;
    }
    if (!response.ok) throw new NetworkError(response, init.method ?? this.method, await errorExcerpt(response));
    return response;
  }

  /**
   * Reads the reply: 204 or an empty body → `null`; a JSON content type → parsed JSON (an error
   * naming the URL when malformed); text types → string; other types → Blob. `content` picks the
   * reading instead. With a schema (and no own `process`), a reply that cannot be JSON rejects
   * with a `ParseError` (status 400).
   */
  parseResponse(response: Response): Promise<unknown> {
    const normalizes = normalizesReply(this.schema) && this.process === RestEndpoint.prototype.process;
    return parseBody(response, this.method, { content: this.content, normalizes });
  }

  /**
   * Transforms the parsed reply (it receives the call's arguments after it). @default the value unchanged
   *
   * The arguments are typed loosely on purpose: a generic subclass
   * (`class Renamed<O extends RestGenerics = any> extends RestEndpoint<O>`) overrides it as
   * `process(value: any) { … }`, and TypeScript cannot check a shorter parameter list against a
   * rest parameter whose length depends on `O`.
   */
  process(value: unknown, ...args: readonly unknown[]): unknown {
    void args;
    return value;
  }

  static {
    // `fetch` lives on the prototype so a `fetch` option (own property) still overrides it.
    Object.defineProperty(this.prototype, 'fetch', {
      /** Performs the request: url → getRequestInit → fetchResponse → parseResponse → process. */
      async value(this: RestEndpoint, ...args: unknown[]): Promise<unknown> {
        const [params, body] = splitArgs(this, args);
        const input = this.url(params);
        const response = await this.fetchResponse(input, await this.getRequestInit(body));
        return this.process(await this.parseResponse(response), ...args);
      },
      writable: true,
      configurable: true,
    });
  }

  /** POST to this list's path; the created entity is appended to matching stored lists. */
  get push(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: CollectionItem<SchemaOf<O>> }>> {
    return createMember(this, 'push') as never;
  }

  /** POST to this list's path; the created entity is prepended to matching stored lists. */
  get unshift(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: CollectionItem<SchemaOf<O>> }>> {
    return createMember(this, 'unshift') as never;
  }

  /** POST to this map's path; the created entries are assigned into matching stored maps (`Values` collections). */
  get assign(): RestEndpoint<MergeGenerics<O, { method: 'POST'; schema: CollectionItem<SchemaOf<O>> }>> {
    return createMember(this, 'assign') as never;
  }

  /** PATCH this list's path; the entities in the reply leave every matching stored list. */
  get remove(): RestEndpoint<MergeGenerics<O, { method: 'PATCH'; schema: CollectionItem<SchemaOf<O>> }>> {
    return removeMember(this) as never;
  }

  /**
   * An endpoint for one page of this list: `cursor` names the argument that selects the page
   * (or is a function returning the arguments without it). The page's items are appended, without
   * duplicates, to the one stored list those remaining arguments name.
   *
   * @example
   * const getNextPage = TodoResource.getList.paginated('cursor');
   * await ctrl.fetch(getNextPage, { userId: 1, cursor: 'abc' }); // appends to the list of { userId: 1 }
   * const byFunction = TodoResource.getList.paginated(({ cursor, ...rest }: { cursor: string; userId?: number }) => [rest]);
   */
  paginated<F extends string>(cursorField: F): RestEndpoint<MergeGenerics<O, { searchParams: SearchParamsOf<O> & { [K in F]: string | number } }>>;
  paginated<A extends readonly [object, ...unknown[]]>(
    removeCursor: (...args: A) => readonly unknown[],
  ): RestEndpoint<MergeGenerics<O, { searchParams: SearchParamsOf<O> & A[0] }>>;
  paginated(cursor: RemoveCursor<never>): unknown {
    return paginatedMember(this, cursor as RemoveCursor);
  }

  /** PATCH the item path; the entity moves between stored lists by its old and new values. */
  get move(): RestEndpoint<
    MergeGenerics<O, { method: 'PATCH'; path: MovePath<O>; schema: CollectionItem<SchemaOf<O>>; searchParams: undefined }>
  > {
    return moveMember(this) as never;
  }

  /** GET one page (`paginationField`) and append its items to matching stored lists. */
  get getPage(): PageEndpoint<O> {
    return pageMember(this) as never;
  }

  /**
   * A new endpoint of the same class with these options (and generics) overridden. Options that
   * are not `RestEndpoint`'s become members of the new endpoint, as in data-client
   * (`endpoint.extend({ accessToken })` for a subclass whose `getHeaders` reads `this.accessToken`).
   *
   * @example
   * const authed = getUser.extend({ accessToken: token }); // authed.accessToken: string
   */
  extend<const E extends Partial<RestGenerics> & RestEndpointOptions & ExtraMembers>(options: E): WithExtras<RestEndpoint<MergeGenerics<O, E>>, E> {
    const E = derive(this) as unknown as new (o: E) => WithExtras<RestEndpoint<MergeGenerics<O, E>>, E>;
    return new E(options);
  }
}
