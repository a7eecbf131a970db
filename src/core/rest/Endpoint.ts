import type { SnapshotInterface } from '../schema/protocol.js';
import { copyOwn } from './copyOwn.js';
import { defineField } from '../schema/own.js';
import { resolveReply, type Resolved } from './resolveReply.js';
import type { EndpointOptions } from './endpointTypes.js';
import type { RetryDelayOption, RetryOption } from './endpointTypes.js';

/**
 * The base that makes instances callable: its constructor returns the function it is given, so
 * every class below it installs its fields and `#private` members on that function. It extends
 * `Function.prototype` so instances keep `call` / `apply` / `bind` on their prototype chain.
 */
function CallableConstructor(fn: (...args: unknown[]) => unknown): object {
  return fn;
}
CallableConstructor.prototype = Object.create(Function.prototype) as object;
const Callable = CallableConstructor as unknown as new (fn: (...args: unknown[]) => unknown) => object;


/** Options read from a class static when an instance does not set them. */
const STATIC_OPTIONS = ['dataExpiryLength', 'errorExpiryLength', 'invalidIfStale', 'pollFrequency'] as const;

type AnyFetch = (...args: any[]) => Promise<unknown>;

/** Call signature shared by every endpoint: resolves to the denormalized reply (or the reply). */
export interface EndpointBase<F extends AnyFetch = AnyFetch, S = undefined, M extends true | undefined = undefined> {
  (...args: Parameters<F>): Promise<Resolved<S, Awaited<ReturnType<F>>>>;
}

/**
 * What `endpoint.bind(thisArg, ...args)` returns: an endpoint of the same schema and side effect
 * that takes no arguments (they are fixed) and can be extended like any endpoint.
 *
 * @example
 * const getMe: BoundEndpoint<typeof getUser.fetch, typeof User, undefined> = getUser.bind(undefined, { id: 'me' });
 */
export type BoundEndpoint<F extends AnyFetch, S, M extends true | undefined> = EndpointBase<() => ReturnType<F>, S, M> & {
  extend(options: Record<string, unknown>): BoundEndpoint<F, S, M>;
};

/**
 * What `Endpoint` and `RestEndpoint` share: callability, option storage, `name`, `key`,
 * `errorPolicy`. Each subclass declares its own `extend`, typed for its own options.
 */
export class EndpointBase<F extends AnyFetch = AnyFetch, S = undefined, M extends true | undefined = undefined> extends Callable {

  declare fetch: F;
  declare readonly schema: S;
  declare readonly sideEffect: M;
  declare readonly signal: AbortSignal | undefined;
  declare readonly dataExpiryLength?: number;
  declare readonly errorExpiryLength?: number;
  declare readonly invalidIfStale?: boolean;
  declare readonly pollFrequency?: number;
  declare readonly retry?: RetryOption;
  declare readonly retryDelay?: RetryDelayOption;
  declare getOptimisticResponse?: (snapshot: SnapshotInterface, ...args: Parameters<F>) => unknown;

  constructor(fetchFunction: F | undefined, options?: EndpointOptions<Parameters<F>> & { schema?: S; sideEffect?: M } & Record<string, unknown>) {
    const self = ((...args: unknown[]) => resolveReply(self as unknown as EndpointBase, args)) as unknown as EndpointBase;
    Object.setPrototypeOf(self, new.target.prototype);
    // Functions own a non-writable `name`; dropping it lets the `name` accessor below apply.
    delete (self as { name?: string }).name;
    super(self as unknown as (...args: unknown[]) => unknown);
    if (fetchFunction) {
      copyOwn(this, { fetch: fetchFunction });
      if (!(options && 'name' in options) && fetchFunction.name && fetchFunction.name !== 'fetch' && fetchFunction.name !== 'anonymous') {
        copyOwn(this, { name: fetchFunction.name });
      }
    }
    copyOwn(this, options);
  }

  static {
    // Expiry options not given to an instance fall back to a static of its class, so
    // `class Quote extends RestEndpoint { static dataExpiryLength = 1000 }` applies to every
    // instance. Own options (and subclass instance fields) shadow these accessors.
    for (const option of STATIC_OPTIONS) {
      Object.defineProperty(this.prototype, option, {
        get(this: object) {
          return (this.constructor as unknown as Record<string, unknown>)[option];
        },
        set(this: object, value: unknown) {
          defineField(this, option, value);
        },
        enumerable: false,
        configurable: true,
      });
    }
  }

  /** Name used in messages; set with the `name` option. */
  get name(): string {
    return 'anonymous endpoint';
  }

  /** Cache key: the name plus the JSON of the arguments. */
  key(...args: Parameters<F>): string {
    return `${this.name} ${JSON.stringify(args)}`;
  }

  /** true when `key` was produced by this endpoint. */
  testKey(key: string): boolean {
    return key.startsWith(this.name);
  }

  /**
   * An endpoint with its arguments fixed: calling it (or fetching it through a controller) sends
   * `args`, its `key()` is the key of `args`, and every other option is this endpoint's. As in
   * data-client, `thisArg` (when given) is the `this` of `fetch`; arguments given to the bound
   * endpoint are ignored. Unlike `Function.prototype.bind`, the result is still an endpoint.
   *
   * @example
   * const getMe = UserResource.get.bind(undefined, { id: 'me' });
   * await controller.fetch(getMe); // GET /users/me
   * getMe.key(); // 'GET /users/me'
   */
  bind(thisArg: unknown, ...args: Parameters<F>): BoundEndpoint<F, S, M> {
    const fetchFn = this.fetch as (...a: unknown[]) => Promise<unknown>;
    const keyFn = this.key as (...a: unknown[]) => string;
    const extendable = this as unknown as { extend(o: Record<string, unknown>): BoundEndpoint<F, S, M> };
    return extendable.extend({
      name: this.name,
      fetch(this: unknown): Promise<unknown> {
        return fetchFn.apply(thisArg ?? this, args);
      },
      key(this: unknown): string {
        return keyFn.apply(this, args);
      },
    });
  }

  /** @default 5xx → 'soft' (keep showing the last good data), otherwise hard. */
  errorPolicy(error: unknown): 'soft' | 'hard' | undefined {
    const status = (error as { status?: unknown } | null)?.status;
    return typeof status === 'number' && status >= 500 ? 'soft' : undefined;
  }

}

/**
 * A callable description of an async data source: a fetch function plus what the store needs to
 * cache it (`key`, `schema`, `sideEffect`, expiry options). Calling it runs `fetch` and, with a
 * schema, resolves to the denormalized value (entity class instances); `endpoint.fetch(...)`
 * resolves to the raw processed reply. `extend(options)` returns a new endpoint of the same
 * class with those options overridden.
 *
 * @example
 * const getTodo = new Endpoint(
 *   async ({ id }: { id: number }) => (await fetch(`/todos/${id}`)).json(),
 *   { schema: Todo, name: 'getTodo' },
 * );
 * const todo = await getTodo({ id: 1 }); // a Todo instance
 */
export class Endpoint<F extends AnyFetch = AnyFetch, S = undefined, M extends true | undefined = undefined> extends EndpointBase<F, S, M> {
  /**
   * A new endpoint of the same class whose options are this endpoint's, overridden by
   * `options`. The original is unchanged.
   */
  extend<O extends EndpointOptions<Parameters<F>> & Record<string, unknown>>(
    options: O & { fetch?: F },
  ): Endpoint<F, O extends { schema: infer S2 } ? S2 : S, O extends { sideEffect: infer M2 extends true | undefined } ? M2 : M> {
    const E = derive(this);
    return new (E as unknown as new (f: F | undefined, o: O) => Endpoint<F>)(options.fetch, options) as never;
  }
}

/**
 * A subclass of `endpoint`'s class whose prototype holds `endpoint`'s own options, so an
 * instance of it inherits them and its own options (set by its constructor) override them.
 * This is how `extend()` keeps subclass behaviour and earlier options.
 *
 * @example
 * const E = derive(getUser);
 * const patched = new (E as typeof RestEndpoint)({ method: 'PATCH' });
 */
export function derive(endpoint: object): new (...args: never[]) => object {
  const Base = endpoint.constructor as new (...args: never[]) => object;
  const E = class extends Base {};
  copyOwn(E.prototype, endpoint);
  return E;
}
