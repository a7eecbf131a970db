import { createSignal, Show, type JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { login } from '../shared/index.js';
import { errorText } from '../ui/board.js';
import { logoutReason, setLogoutReason } from './state.js';

/**
 * Username + password (prefilled with a seeded user); a failed login shows why.
 * @example <Show when={loggedIn()} fallback={<LoginForm />}>…</Show>
 */
export function LoginForm(): JSX.Element {
  const ctrl = useController();
  const [failure, setFailure] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  let username!: HTMLInputElement;
  let password!: HTMLInputElement;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    ctrl.fetch(login, { username: username.value, password: password.value }).then(
      () => setLogoutReason(undefined),
      (error: unknown) => {
        setFailure(errorText(error));
        setBusy(false);
      },
    );
  };
  return (
    <form class="inline" data-testid="login-form" onSubmit={submit}>
      <Show when={logoutReason()}>
        <span class="muted" data-testid="logout-reason">{logoutReason()}</span>
      </Show>
      <input ref={username} data-testid="login-username" name="username" value="ada" size={8} />
      <input ref={password} data-testid="login-password" name="password" type="password" value="playground" size={10} />
      <button data-testid="login-submit" type="submit" disabled={busy()}>Log in</button>
      <Show when={failure()}>
        <span class="muted" data-testid="login-error">{failure()}</span>
      </Show>
    </form>
  );
}
