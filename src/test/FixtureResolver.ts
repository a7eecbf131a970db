import type { AnyEndpoint } from '../core/index.js';
import { delayOf, fetchReplyOf, isFetchInterceptor, isFixture, replyOf, wait, type AnyEntry } from './fixtureReply.js';
import type { FetchInterceptor, Fixture, ResponseInterceptor } from './fixtureTypes.js';
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
  readonly #interceptors: (ResponseInterceptor | FetchInterceptor)[] = [];
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
      } else if (isFetchInterceptor(entry)) {
        if (typeof (entry.endpoint as { fetchResponse?: unknown }).fetchResponse !== 'function') {
          throw new TypeError(`createMockClient: resolverFixtures[${i}] (${entry.endpoint.name}) is a fetchResponse interceptor, but its endpoint has no fetchResponse to replace (use response(...args))`);
        }
        this.#interceptors.push(entry);
      } else {
        if (typeof (entry as { response?: unknown }).response !== 'function') {
          throw new TypeError(`createMockClient: resolverFixtures[${i}] (${entry.endpoint.name}) has neither args (a fixture) nor a response or fetchResponse function (an interceptor)`);
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
   * What `endpoint(...args)` resolves to when its fixture answers: a fixture's or a `response`
   * interceptor's reply passed through the endpoint's `process` (with `request` as `this`), or
   * for a `fetchResponse` interceptor the endpoint's own request run with that `fetchResponse`.
   * `request` is the endpoint the call runs on (the network manager's view carrying the signal;
   * `endpoint` itself by default).
   *
   * The reply is computed when the call starts (so interceptor state changes in call order) and
   * delivered after the entry's delay; with `delayCollapse: true` it is computed once the delay
   * is over instead (so it sees the state as it is then). An abort of `signal` during the delay
   * rejects with the signal's reason and clears the timer; a reply computed before an abort is
   * not delivered.
   */
  async resolve(endpoint: AnyEndpoint, args: readonly unknown[], signal: AbortSignal | undefined, request: AnyEndpoint = endpoint): Promise<unknown> {
    const key = endpoint.key(...args);
    const entry = this.match(endpoint, args, key);
    const ms = delayOf(entry, args);
    const collapse = () =>
      this.#reply(entry, endpoint, request, args, key).then(
        value => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    let settled: Awaited<ReturnType<typeof collapse>>;
    if (entry.delayCollapse === true) {
      await wait(ms, signal);
      settled = await collapse();
    } else {
      settled = await collapse();
      await wait(ms, signal);
    }
    if (signal?.aborted) throw signal.reason;
    if (!settled.ok) throw settled.error;
    return settled.value;
  }

  async #reply(entry: AnyEntry, endpoint: AnyEndpoint, request: AnyEndpoint, args: readonly unknown[], key: string): Promise<unknown> {
    if (isFetchInterceptor(entry)) return fetchReplyOf(entry, endpoint, request, args, key, this.#state);
    const reply = await replyOf(entry, endpoint, args, key, this.#state);
    // a fixture stands for the parsed body: the endpoint's `process` still runs (e.g. a 204 to
    // `delete` becomes the id from the arguments), as it would after a real reply
    const process = (request as { process?: unknown }).process;
    return typeof process === 'function' ? (process as (v: unknown, ...a: readonly unknown[]) => unknown).call(request, reply, ...args) : reply;
  }
}
