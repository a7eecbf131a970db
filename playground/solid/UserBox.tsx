import type { JSX } from 'solid-js';
import { useController, useLive, useSuspense } from '../../src/adapters/solid/index.js';
import { getMe, getSecretStats, logout, STATS_POLL_MS } from '../shared/index.js';
import { report } from './state.js';

// The logged-in user's own counter is polled too; when the token expires, the next poll's 401
// reaches the LogoutManager, which logs the page out.
const mySecretStats = getSecretStats.extend({ pollFrequency: STATS_POLL_MS });

/**
 * The logged-in user's name, their own (token-protected, polled) counter and "Log out".
 * @example <Suspense><UserBox /></Suspense>
 */
export function UserBox(): JSX.Element {
  const ctrl = useController();
  const me = useSuspense(getMe);
  const mine = useLive(mySecretStats);
  return (
    <div class="inline">
      <strong data-testid="session-user">{me()?.name}</strong>
      <span data-testid="my-stats">mine: {mine()?.tasksOwnedDone}/{mine()?.tasksOwned} done</span>
      <button data-testid="logout" onClick={() => void report(ctrl.fetch(logout))}>Log out</button>
    </div>
  );
}
