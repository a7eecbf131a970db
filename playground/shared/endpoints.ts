import { RestEndpoint, type RestGenerics } from '../../src/core/index.js';
import { apiConfig } from './apiConfig.js';
import { tokenStore } from './tokenStore.js';

/**
 * The base of every playground endpoint: a `RestEndpoint` whose `urlPrefix` is read from
 * {@link apiConfig} at request time. Unlike a `urlPrefix = ...` field, which is fixed when a resource
 * is defined (at import), the accessor lets Node tests point the same definitions at a server on
 * a port chosen later. An explicit `urlPrefix` option still wins (it becomes an own property).
 * @example
 * const health = new PlaygroundEndpoint({ path: '/stats' });
 */
export class PlaygroundEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  static {
    Object.defineProperty(this.prototype, 'urlPrefix', {
      get: () => apiConfig.urlPrefix,
      set(this: object, value: string) {
        Object.defineProperty(this, 'urlPrefix', { value, writable: true, enumerable: true, configurable: true });
      },
      enumerable: false,
      configurable: true,
    });
  }
}

/**
 * A {@link PlaygroundEndpoint} that sends `Authorization: Bearer <token>` while someone is logged
 * in ({@link tokenStore}); logged out, headers are unchanged. All playground resources use it
 * (`resource({ Endpoint: AuthdEndpoint })`), so a server started with `REQUIRE_AUTH=1` accepts
 * their mutations after login; a 401 reply is what the pages' `LogoutManager` reacts to.
 * @example
 * const getMe = new AuthdEndpoint({ path: '/me', schema: User });
 */
export class AuthdEndpoint<O extends RestGenerics = any> extends PlaygroundEndpoint<O> {
  override getHeaders(headers: Record<string, string>): Record<string, string> {
    const token = tokenStore.token;
    return token ? { ...headers, authorization: `Bearer ${token}` } : headers;
  }
}
