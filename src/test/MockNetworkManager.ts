import { NetworkManager, type AnyEndpoint } from '../core/index.js';
import type { FixtureResolver } from './FixtureResolver.js';

/**
 * A `NetworkManager` whose requests are answered by a `FixtureResolver` instead of the network.
 * Everything else is the real manager's: keys, deduplication of identical GETs, ordering,
 * optimistic layers, aborts and error recording. Only the endpoint's `fetch` is swapped for one
 * that asks the resolver (`endpoint.extend({ fetch })` keeps the key, schema and options), which
 * runs the endpoint's `process` on a fixture's reply (or the endpoint's whole request path for a
 * `fetchResponse` interceptor), so the store cannot tell a fixture from a server.
 *
 * It also remembers every request it started, so tests can wait for them all (`allSettled`).
 *
 * @example
 * const network = new MockNetworkManager(new FixtureResolver(fixtures));
 * const client = createDataClient({ managers: [network, new SubscriptionManager()] });
 */
export class MockNetworkManager extends NetworkManager {
  readonly #resolver: FixtureResolver;
  readonly #pending = new Set<Promise<unknown>>();

  constructor(resolver: FixtureResolver) {
    super();
    this.#resolver = resolver;
  }

  override fetch(endpoint: AnyEndpoint, args: readonly unknown[]): Promise<unknown> {
    const resolver = this.#resolver;
    // `this` is the request the manager derived from the endpoint (it carries the abort signal)
    const fixtureFetch = function fetch(this: AnyEndpoint, ...callArgs: readonly unknown[]): Promise<unknown> {
      return resolver.resolve(endpoint, callArgs, this.signal, this);
    };
    let mocked: AnyEndpoint;
    try {
      mocked = endpoint.extend({ fetch: fixtureFetch });
    } catch (error) {
      return Promise.reject(error);
    }
    const promise = super.fetch(mocked, args);
    this.#pending.add(promise);
    const forget = (): void => {
      this.#pending.delete(promise);
    };
    promise.then(forget, forget);
    return promise;
  }

  /**
   * Settles when every request started so far, and every request those started meanwhile, has
   * settled; resolves to their outcomes (never rejects).
   */
  async allSettled(): Promise<PromiseSettledResult<unknown>[]> {
    const results: PromiseSettledResult<unknown>[] = [];
    while (this.#pending.size > 0) {
      results.push(...(await Promise.allSettled([...this.#pending])));
    }
    return results;
  }
}
