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
 * Options of `createMockClient`: `createDataClient`'s, plus fixtures typed by their own endpoint.
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
   * Replies in the store at start (ignored when `initialState` is given).
   * @default []
   */
  readonly initialFixtures?: Fixtures<I>;
  /**
   * Fixtures (one call each) and interceptors (every call) answering requests; else `UnmatchedRequestError`.
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
 * A `DataClient` plus `allSettled()`, which waits for every request it started (even while waiting).
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
 * A real `DataClient` whose requests `resolverFixtures` answer (matched by `endpoint.key(...args)`)
 * instead of the network; unmatched ones reject with `UnmatchedRequestError`. The `NetworkManager`
 * of `managers` is replaced.
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
