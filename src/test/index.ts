// rest-signals/test: fixtures, interceptors and a mock client for testing code that uses
// rest-signals without a server. Framework-free; `rest-signals/test/solid` and
// `rest-signals/test/vue` add render helpers on the frameworks' testing libraries.
export { createMockClient } from './createMockClient.js';
export type { MockClientOptions, MockDataClient } from './createMockClient.js';
export { mockInitialState } from './mockInitialState.js';
export { MockNetworkManager } from './MockNetworkManager.js';
export { FixtureResolver } from './FixtureResolver.js';
export { UnmatchedRequestError } from './UnmatchedRequestError.js';
export type {
  ErrorFixture,
  FetchesResponse,
  FetchInterceptor,
  Fixture,
  FixtureOrInterceptor,
  FixtureResponse,
  Fixtures,
  Interceptor,
  NetworkErrorLike,
  RawOf,
  ResponseInterceptor,
  Resolvers,
  SuccessFixture,
} from './fixtureTypes.js';
