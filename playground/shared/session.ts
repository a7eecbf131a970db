import { AuthdEndpoint, PlaygroundEndpoint } from './endpoints.js';
import { SecretStats, Stats, User } from './entities.js';
import { tokenStore, type Session } from './tokenStore.js';

/** How often the pages poll {@link StatsResource} (ms). */
export const STATS_POLL_MS = 2000;

/**
 * The public counter: `StatsResource.get()` → the `Stats` entity (`tasksDone`, `tasksTotal`,
 * `serverTime`). Its `pollFrequency` makes `client.live(StatsResource.get)` / `useLive` refetch it
 * every {@link STATS_POLL_MS} while a view watches it.
 * @example const stats = client.live(StatsResource.get);
 */
export const StatsResource = {
  get: new PlaygroundEndpoint({ path: '/stats', schema: Stats, pollFrequency: STATS_POLL_MS }),
};

/**
 * `POST /api/login { username, password }`: resolves to `{ token, expiresAt, user }` (the user
 * normalized as a `User`) and stores the token in {@link tokenStore}, from where every
 * `AuthdEndpoint` sends it. Wrong credentials reject with a 403 `NetworkError` (a 401 would mean
 * "session over" to the `LogoutManager`).
 * @example await ctrl.fetch(login, { username: 'ada', password: 'playground' });
 */
export const login = new PlaygroundEndpoint({
  path: '/login',
  method: 'POST',
  body: {} as { username: string; password: string },
  schema: { user: User },
  process(reply: Session & { user: unknown }) {
    tokenStore.set(reply);
    return reply;
  },
});

/**
 * `POST /api/logout`: revokes the token on the server and clears {@link tokenStore}, whatever the
 * server answers.
 * @example await ctrl.fetch(logout);
 */
export const logout = new AuthdEndpoint({
  path: '/logout',
  method: 'POST',
  body: undefined,
  async fetch(this: AuthdEndpoint) {
    try {
      await AuthdEndpoint.prototype.fetch.call(this);
    } finally {
      tokenStore.clear();
    }
    return null;
  },
});

/**
 * `GET /api/me`: the logged-in `User`; 401 (→ `LogoutManager`) once the token expired or without one.
 * @example const me = client.suspense(getMe);
 */
export const getMe = new AuthdEndpoint({ path: '/me', schema: User });

/**
 * `GET /api/secret-stats`: the logged-in user's counters; 401 without a live token.
 * @example const mine = client.dle(tokenStore.token ? getSecretStats : null);
 */
export const getSecretStats = new AuthdEndpoint({ path: '/secret-stats', schema: SecretStats });
