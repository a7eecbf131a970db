import { ErrorBoundary, Show, Suspense, type JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { getMe, getSecretStats, StatsResource } from '../shared/index.js';
import { errorText } from '../ui/board.js';
import { LoginForm } from './LoginForm.js';
import { loggedIn } from './state.js';
import { StatsBadge } from './StatsBadge.js';
import { UserBox } from './UserBox.js';

/**
 * Title, the polled counter, and the login form or the user box. Each loads on its own: a failed
 * load (the store was reset by a logout and its refetch failed) shows why, with "Retry", in place
 * of the counter or the user box, never as an error nothing catches.
 * @example <Header />
 */
export function Header(): JSX.Element {
  const ctrl = useController();
  const statsFailed = (error: unknown, reset: () => void) => (
    <span class="badge error" role="alert">
      <span data-testid="stats-error">{errorText(error)}</span>
      <button data-testid="stats-retry" onClick={() => void ctrl.fetch(StatsResource.get).then(reset, () => undefined)}>Retry</button>
    </span>
  );
  const userFailed = (error: unknown, reset: () => void) => (
    <span class="error" role="alert">
      <span data-testid="session-error">{errorText(error)}</span>
      <button data-testid="session-retry" onClick={() => void Promise.all([ctrl.fetch(getMe), ctrl.fetch(getSecretStats)]).then(reset, () => undefined)}>Retry</button>
    </span>
  );
  return (
    <header>
      <h1>rest-signals · Solid</h1>
      <ErrorBoundary fallback={statsFailed}>
        <Suspense fallback={<span class="badge">…</span>}>
          <StatsBadge />
        </Suspense>
      </ErrorBoundary>
      <div class="session">
        <Show when={loggedIn()} fallback={<LoginForm />}>
          <ErrorBoundary fallback={userFailed}>
            <Suspense fallback={<span class="muted">…</span>}>
              <UserBox />
            </Suspense>
          </ErrorBoundary>
        </Show>
      </div>
    </header>
  );
}
