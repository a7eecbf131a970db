import { managerKind } from '../core/controller/Manager.js';
import {
  createDataClient,
  getDefaultManagers,
  type AnyEndpoint,
  type DataClient,
  type DataClientOptions,
  type Manager,
} from '../core/index.js';
import { FixtureResolver } from './FixtureResolver.js';
import type { AnyEntry } from './fixtureReply.js';
import type { Fixtures, Resolvers } from './fixtureTypes.js';
import { MockNetworkManager } from './MockNetworkManager.js';
import { mockInitialState } from './mockInitialState.js';

/**
 * Options of `createMockClient` (and of the render helpers built on it): the client options of
 * `createDataClient`, plus the fixtures. Each fixture is checked against its own endpoint.
 *
 * @example
 * const options: MockClientOptions = { resolverFixtures: [{ endpoint: TaskResource.get, args: [{ id: 1 }], response: { id: 1 } }] };
 */
export interface MockClientOptions<
  I extends readonly AnyEndpoint[] = readonly AnyEndpoint[],
  R extends readonly AnyEndpoint[] = readonly AnyEndpoint[],
  T = any,
> extends DataClientOptions {
  /**
   * Replies already in the store when the client starts (through `mockInitialState`). Ignored
   * when `initialState` is given.
   * @default []
   */
  readonly initialFixtures?: Fixtures<I>;
  /**
   * What answers the client's requests: fixtures (one call each, by key) and interceptors (every
   * call of their endpoint). A request none of them matches fails with `UnmatchedRequestError`.
   * @default []
   */
  readonly resolverFixtures?: Resolvers<R, T>;
  /**
   * The start value of the state interceptors share as `this`, created once per client.
   * @default () => ({})
   */
  readonly getInitialInterceptorData?: () => T;
}

/**
 * What `createMockClient` returns: a `DataClient`, plus `allSettled()` to wait for every request
 * it started (including those started while waiting) to settle.
 *
 * @example
 * const client: MockDataClient = createMockClient({ resolverFixtures });
 * await client.allSettled();
 */
export interface MockDataClient extends DataClient {
  /** Settles when no request of this client is in flight; resolves to their outcomes, never rejects. */
  allSettled(): Promise<PromiseSettledResult<unknown>[]>;
}

/**
 * A real `DataClient` (real store, normalization, optimistic layers, polling, GC) whose requests
 * never reach the network: `resolverFixtures` answer them, after their `delay`. A request no
 * fixture or interceptor matches rejects with an `UnmatchedRequestError` naming the endpoint, its
 * arguments and the fixtures that exist for it, and the error is recorded like any failure.
 * Matching is by the call's key (`endpoint.key(...args)`), as the store keys results.
 *
 * `managers`, when given, are used as they are except that their `NetworkManager` is replaced
 * (one is added when there is none). Without `initialState`, the store starts with
 * `mockInitialState(initialFixtures)`. `destroy()` aborts pending fixture delays too.
 *
 * @example
 * const client = createMockClient({
 *   resolverFixtures: [
 *     { endpoint: TaskResource.get, args: [{ id: 1 }], response: { id: 1, title: 'Write tests' } },
 *     { endpoint: TaskResource.partialUpdate, response: ({ id }, body) => ({ id, ...body }), delay: 100 },
 *   ],
 * });
 * const task = await client.controller.fetch(TaskResource.get, { id: 1 });
 * client.destroy();
 */
export function createMockClient<
  const I extends readonly AnyEndpoint[] = [],
  const R extends readonly AnyEndpoint[] = [],
  T = any,
>(options: MockClientOptions<I, R, T> = {}): MockDataClient {
  const { initialFixtures, resolverFixtures, getInitialInterceptorData, managers, initialState, ...rest } = options;
  if (getInitialInterceptorData !== undefined && typeof getInitialInterceptorData !== 'function') {
    throw new TypeError(`createMockClient: option getInitialInterceptorData must be a function, got ${typeof getInitialInterceptorData}`);
  }
  if (managers !== undefined && !Array.isArray(managers)) {
    throw new TypeError(`createMockClient: option managers must be an array, got ${typeof managers}`);
  }
  const resolver = new FixtureResolver((resolverFixtures ?? []) as readonly AnyEntry[], getInitialInterceptorData);
  const network = new MockNetworkManager(resolver);
  const given: readonly Manager[] = managers ?? getDefaultManagers();
  // by brand, not instanceof: a NetworkManager of a second copy of the package is replaced too
  const replaced = given.map(m => (managerKind(m) === 'network' ? network : m));
  const finalManagers = replaced.includes(network) ? replaced : [network, ...replaced];
  const client = createDataClient({
    ...rest,
    managers: finalManagers,
    initialState: initialState ?? (initialFixtures?.length ? mockInitialState(initialFixtures) : undefined),
  });
  return Object.assign(client, { allSettled: () => network.allSettled() });
}
