import { ConnectionError, Endpoint, type EndpointOptions } from '../core/index.js';
import { GQLNetworkError, type GQLError } from './GQLNetworkError.js';

/** Variables of a query given as a string: an object of any JSON values. */
export type GQLVariables = Readonly<Record<string, unknown>>;

/** A query: its text, or a function of the variables returning it. */
type QueryOf<V> = string | ((variables: V) => string);
/** The variables a query's function names; a query string takes any object. */
type VariablesOf<Q> = Q extends (variables: infer V) => string ? V : GQLVariables;

/**
 * The options `new GQLEndpoint(url, options)` and `extend(options)` take: the endpoint options
 * plus the request steps a subclass or an instance may replace, as `@data-client/graphql`'s.
 *
 * @example
 * const gql = new GQLEndpoint('/graphql', { getHeaders: headers => ({ ...headers, authorization: 'Bearer t' }) });
 */
export interface GQLOptions<Variables = GQLVariables, S = unknown, M extends true | undefined = true | undefined> extends EndpointOptions<[Variables]> {
  readonly schema?: S;
  readonly sideEffect?: M;
  /** The query text for these variables (set by `query()` / `mutation()`). */
  getQuery?(variables: Variables): string;
  /** @default the headers unchanged */
  getHeaders?(headers: Readonly<Record<string, string>>): HeadersInit;
  /** @default POST of `{ query, variables }` as JSON */
  getRequestInit?(variables: Variables): RequestInit;
  /** @default `fetch`, then the reply's `data` (its `errors` raised as a `GQLNetworkError`) */
  fetchResponse?(input: RequestInfo, init: RequestInit): Promise<unknown>;
  /** @default the value unchanged */
  process?(value: unknown, variables: Variables): unknown;
}

/**
 * POSTs `{ query, variables }` to a GraphQL server, resolving to the reply's normalized `data`
 * (`errors` reject with a `GQLNetworkError`), as `@data-client/graphql` 0.18's. One per server;
 * `query()` / `mutation()` give one endpoint per operation.
 *
 * @example
 * const gql = new GQLEndpoint('/graphql');
 * const getUser = gql.query(`query User($login: String!) { user(login: $login) { id name } }`, { user: User });
 * const updateUser = gql.mutation(`mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }`, { rename: User });
 * const { user } = await controller.fetch(getUser, { login: 'ann' });
 */
export class GQLEndpoint<Variables = GQLVariables, S = undefined, M extends true | undefined = undefined> extends Endpoint<
  (variables: Variables) => Promise<unknown>,
  S,
  M
> {
  /** The GraphQL server's URL. */
  declare readonly url: string;

  constructor(url: string, options?: GQLOptions<Variables, S, M>) {
    super(undefined, (url ? { ...options, url } : options) as never);
  }

  static {
    // `fetch` lives on the prototype so a `fetch` option (own property) still overrides it.
    Object.defineProperty(this.prototype, 'fetch', {
      /** POSTs the query: getRequestInit → fetchResponse → process. */
      async value(this: GQLEndpoint<unknown, unknown, true | undefined>, variables: unknown): Promise<unknown> {
        const reply = await this.fetchResponse(this.url, this.getRequestInit(variables));
        return this.process(reply, variables);
      },
      writable: true,
      configurable: true,
    });
  }

  /** The operation's name when its text gives one (`query User(...)` → `User`), for messages. */
  override get name(): string {
    let text = '';
    try {
      text = this.getQuery({} as Variables);
    } catch {
      // no query yet (the server endpoint itself)
    }
    const named = /\b(query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(text);
    return named ? `GQL ${named[2]}` : `GQL ${this.url}`;
  }

  /** Cache key: the query text and the variables as JSON, object keys sorted. */
  override key(variables: Variables): string {
    return `${this.getQuery(variables)} ${sortedJson(variables)}`;
  }

  /**
   * true when `key` was made by this endpoint: some split of it into query text and variables
   * gives back that text from `getQuery(variables)` (a function query's text depends on them).
   * JSON has no space outside its strings, so the split is at one of the key's spaces.
   */
  override testKey(key: string): boolean {
    for (let i = key.lastIndexOf(' '); i > 0; i = key.lastIndexOf(' ', i - 1)) {
      const json = key.slice(i + 1);
      let variables: unknown;
      try {
        variables = json === 'undefined' ? undefined : JSON.parse(json);
        if (this.getQuery(variables as Variables) === key.slice(0, i)) return true;
      } catch {
        // not the split, or variables this query cannot take
      }
    }
    return false;
  }

  /** The query text; the endpoint made by `new GQLEndpoint(url)` has none (use `query()` / `mutation()`). */
  getQuery(variables: Variables): string {
    void variables;
    throw new TypeError(`${this.name}: this endpoint has no query: make one with .query(text, schema) or .mutation(text, schema)`);
  }

  /** The request headers. @default the headers unchanged */
  getHeaders(headers: Readonly<Record<string, string>>): HeadersInit {
    return headers;
  }

  /** The request: a POST of `{ query, variables }` as JSON, with this call's abort signal. */
  getRequestInit(variables: Variables): RequestInit {
    return {
      method: 'POST',
      body: JSON.stringify({ query: this.getQuery(variables), variables }),
      signal: this.signal ?? null,
      headers: this.getHeaders({ 'Content-Type': 'application/json' }),
    };
  }

  /**
   * Sends the request: the reply's `data`, else a `GQLNetworkError` (its `errors`, or the HTTP
   * status). A failed connection is a `ConnectionError` (status 500: soft, retried, as data-client).
   */
  async fetchResponse(input: RequestInfo, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      if (error instanceof TypeError) throw new ConnectionError(init.method ?? 'POST', typeof input === 'string' ? input : input.url, error);
      throw error;
    }
    const text = await response.text();
    let reply: unknown;
    try {
      reply = JSON.parse(text);
    } catch {
      const status = response.ok ? 400 : response.status;
      throw new GQLNetworkError([{ message: `the reply (status ${response.status}) is not JSON: ${text.slice(0, 120)}` }], this.name, status);
    }
    const body = reply !== null && typeof reply === 'object' ? (reply as { data?: unknown; errors?: unknown }) : {};
    if (Array.isArray(body.errors) && body.errors.length > 0) throw new GQLNetworkError(body.errors as GQLError[], this.name);
    if (!response.ok) throw new GQLNetworkError([{ message: `POST ${response.url} failed with status ${response.status}` }], this.name, response.status);
    if (!('data' in body)) throw new GQLNetworkError([{ message: 'the reply has no data' }], this.name);
    return body.data;
  }

  /** Transforms `data`. @default the value unchanged */
  process(value: unknown, variables: Variables): unknown {
    void variables;
    return value;
  }

  /** A new endpoint of the same class with `options` over this one's, as `Endpoint.extend`. */
  override extend<O extends GQLOptions<Variables, unknown, true | undefined> & Record<string, unknown>>(
    options: O,
  ): GQLEndpoint<Variables, O extends { schema: infer S2 } ? S2 : S, O extends { sideEffect: infer M2 extends true | undefined } ? M2 : M> {
    const E = class extends (this.constructor as new (url: string, options?: object) => object) {};
    for (const key of Reflect.ownKeys(this)) {
      // a function's own `length` / `name` are not options
      if (key === 'length' || key === 'name' || key === 'prototype') continue;
      Object.defineProperty(E.prototype, key, Object.getOwnPropertyDescriptor(this, key)!);
    }
    return new E('', options) as never;
  }

  /**
   * An endpoint for one query: `text` (whitespace folded) or a function of the variables giving
   * it, and the schema of the reply's `data`.
   *
   * @example
   * const getUser = gql.query(`query User($login: String!) { user(login: $login) { id name } }`, { user: User });
   */
  query<Q extends QueryOf<never>, S2 = undefined>(query: Q, schema?: S2): GQLEndpoint<VariablesOf<Q>, S2, undefined> {
    return this.extend({ schema, getQuery: queryText(query) }) as never;
  }

  /**
   * An endpoint for one mutation (a side effect: never shared, never cached by key), as `query`.
   *
   * @example
   * const rename = gql.mutation(`mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }`, { rename: User });
   */
  mutation<Q extends QueryOf<never>, S2 = undefined>(query: Q, schema?: S2): GQLEndpoint<VariablesOf<Q>, S2, true> {
    return this.extend({ schema, sideEffect: true, getQuery: queryText(query) }) as never;
  }
}

/** JSON of `value` with every object's keys sorted (arrays keep their order). */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function queryText(query: QueryOf<never>): (variables: never) => string {
  if (typeof query === 'function') return query;
  if (typeof query !== 'string') throw new TypeError(`GQLEndpoint.query: expected the query text or a function of the variables; got ${typeof query}`);
  const folded = query.replace(/\s+/g, ' ').trim();
  return () => folded;
}
