import type { AnyEndpoint } from '../core/index.js';
import { delayOf, isFixture, replyOf, wait, type AnyEntry } from './fixtureReply.js';
import type { Fixture, Interceptor } from './fixtureTypes.js';
import { describeArgs, UnmatchedRequestError } from './UnmatchedRequestError.js';

/**
 * Answers calls from a list of fixtures and interceptors. A fixture matches a call whose key
 * (`endpoint.key(...args)`, as the store keys results) equals the key of its own `args`; an
 * interceptor matches every call its endpoint's `testKey` accepts. Fixtures win over
 * interceptors; among several matches the first in the list wins. Interceptors share one state
 * object as `this`, created once per resolver.
 *
 * The list is read once: fixtures added later do not apply (create another client instead).
 *
 * @example
 * const resolver = new FixtureResolver([{ endpoint: TaskResource.get, args: [{ id: 1 }], response: { id: 1 } }]);
 * await resolver.resolve(TaskResource.get, [{ id: 1 }], undefined); // { id: 1 }
 */
export class FixtureResolver {
  readonly #byKey = new Map<string, Fixture>();
  readonly #interceptors: Interceptor[] = [];
  readonly #all: readonly AnyEntry[];
  readonly #state: unknown;

  constructor(entries: readonly AnyEntry[], getInitialInterceptorData: () => unknown = () => ({})) {
    if (!Array.isArray(entries)) throw new TypeError(`createMockClient: option resolverFixtures must be an array, got ${typeof entries}`);
    this.#all = entries;
    for (const [i, entry] of entries.entries()) {
      if (typeof entry !== 'object' || entry === null || typeof entry.endpoint?.key !== 'function') {
        throw new TypeError(`createMockClient: resolverFixtures[${i}] needs an endpoint, got ${describeArgs([entry])}`);
      }
      if (isFixture(entry)) {
        if (!Array.isArray(entry.args)) {
          throw new TypeError(`createMockClient: resolverFixtures[${i}] (${entry.endpoint.name}): args must be an array of the call's arguments`);
        }
        const key = entry.endpoint.key(...entry.args);
        if (!this.#byKey.has(key)) this.#byKey.set(key, entry);
      } else {
        if (typeof entry.response !== 'function') {
          throw new TypeError(`createMockClient: resolverFixtures[${i}] (${entry.endpoint.name}) has neither args (a fixture) nor a response function (an interceptor)`);
        }
        this.#interceptors.push(entry);
      }
    }
    this.#state = getInitialInterceptorData();
  }

  /** The entry answering `endpoint(...args)`; throws `UnmatchedRequestError` when none does. */
  match(endpoint: AnyEndpoint, args: readonly unknown[], key: string): AnyEntry {
    const fixture = this.#byKey.get(key);
    if (fixture) return fixture;
    for (const interceptor of this.#interceptors) {
      const testKey = (interceptor.endpoint as { testKey?: (k: string) => boolean }).testKey;
      if (typeof testKey === 'function' ? testKey.call(interceptor.endpoint, key) : interceptor.endpoint.name === endpoint.name) {
        return interceptor;
      }
    }
    const known = this.#all
      .filter(entry => entry.endpoint === endpoint || entry.endpoint.name === endpoint.name)
      .map(entry => (isFixture(entry) ? `${entry.error ? 'error fixture' : 'fixture'} "${entry.endpoint.key(...entry.args)}"` : `interceptor of ${entry.endpoint.name}`));
    throw new UnmatchedRequestError(endpoint.name, args, key, known);
  }

  /**
   * Replies to `endpoint(...args)` as its fixture says: the reply is computed when the call starts
   * (so interceptor state changes in call order) and delivered after the fixture's delay. An abort
   * of `signal` during the delay rejects with the signal's reason and clears the timer.
   */
  async resolve(endpoint: AnyEndpoint, args: readonly unknown[], signal: AbortSignal | undefined): Promise<unknown> {
    const key = endpoint.key(...args);
    const entry = this.match(endpoint, args, key);
    const settled = await replyOf(entry, endpoint, args, key, this.#state).then(
      value => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    await wait(delayOf(entry, args), signal);
    if (signal?.aborted) throw signal.reason;
    if (!settled.ok) throw settled.error;
    return settled.value;
  }
}
