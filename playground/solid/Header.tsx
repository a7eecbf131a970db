import { Show, Suspense, type JSX } from 'solid-js';
import { LoginForm } from './LoginForm.js';
import { loggedIn } from './state.js';
import { StatsBadge } from './StatsBadge.js';
import { UserBox } from './UserBox.js';

/**
 * Title, the polled counter, and the login form or the user box.
 * @example <Header />
 */
export function Header(): JSX.Element {
  return (
    <header>
      <h1>rest-signals · Solid</h1>
      <Suspense fallback={<span class="badge">…</span>}>
        <StatsBadge />
      </Suspense>
      <div class="session">
        <Show when={loggedIn()} fallback={<LoginForm />}>
          <Suspense fallback={<span class="muted">…</span>}>
            <UserBox />
          </Suspense>
        </Show>
      </div>
    </header>
  );
}
