import { createDataClient, type AnyEndpoint, type State } from '../core/index.js';
import { toNetworkError } from './fixtureReply.js';
import type { Fixture, Fixtures, NetworkErrorLike } from './fixtureTypes.js';

function asError(fixture: Fixture, value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === 'object' && value !== null && typeof (value as NetworkErrorLike).status === 'number') {
    return toNetworkError(fixture.endpoint, fixture.endpoint.key(...fixture.args), value as NetworkErrorLike);
  }
  return new Error(String(value));
}

/**
 * The state a client would hold after receiving these replies, in order: each fixture is
 * normalized into a store as `controller.setResponse` would (an error fixture as `setError`),
 * and the committed state is returned. Use it as `createDataClient({ initialState })`, for server
 * rendering tests and stories. A function `response` is called with the fixture's `args`.
 * A reply that does not fit its endpoint's schema throws the schema's error, naming the entity.
 *
 * @example
 * const initialState = mockInitialState([
 *   { endpoint: TaskResource.getList, args: [{ projectId: 1 }], response: [{ id: 1, title: 'a' }] },
 * ]);
 * const client = createDataClient({ initialState });
 * client.controller.get(Task, { id: 1 })?.title; // 'a'
 */
export function mockInitialState<const E extends readonly AnyEndpoint[]>(fixtures: Fixtures<E>): State {
  if (!Array.isArray(fixtures)) throw new TypeError(`mockInitialState: fixtures must be an array, got ${typeof fixtures}`);
  // a store-only client: nothing is fetched, so it has no managers that could start work
  const client = createDataClient({ managers: [] });
  try {
    for (const fixture of fixtures as readonly Fixture[]) {
      const { endpoint, args } = fixture;
      const response: unknown = typeof fixture.response === 'function'
        ? (fixture.response as (...a: readonly unknown[]) => unknown)(...args)
        : fixture.response;
      // both report through their promise; a reply that does not fit is recorded for getError:
      // read back, so a bad fixture throws here, naming the entity (a malformed call throws from
      // getError's key)
      if (fixture.error === true) client.controller.setError(endpoint, ...(args as [unknown]), asError(fixture, response)).catch(() => {});
      else client.controller.setResponse(endpoint, ...(args as [unknown]), response).catch(() => {});
      const recorded = client.controller.getError(endpoint, ...(args as [unknown]));
      if (fixture.error !== true && recorded !== undefined) throw recorded;
    }
    return client.controller.getState();
  } finally {
    client.destroy();
  }
}
