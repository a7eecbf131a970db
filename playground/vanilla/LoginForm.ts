import { effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { login } from '../shared/index.js';
import { errorText } from '../ui/board.js';
import { h, type View } from './dom.js';
import { logoutReason } from './state.js';

/**
 * Username + password (prefilled with a seeded user); a failed login shows why.
 * @example box.append(LoginForm(client).el);
 */
export function LoginForm(client: DataClient): View {
  const username = h('input', { 'data-testid': 'login-username', name: 'username', value: 'ada', size: 8 });
  const password = h('input', { 'data-testid': 'login-password', name: 'password', type: 'password', value: 'playground', size: 10 });
  const failure = h('span', { class: 'muted', 'data-testid': 'login-error' });
  const reason = h('span', { class: 'muted', 'data-testid': 'logout-reason' });
  failure.hidden = true;
  const submit = h('button', { 'data-testid': 'login-submit', type: 'submit' }, 'Log in');
  const el = h('form', {
    class: 'inline', 'data-testid': 'login-form',
    onsubmit: (event: Event) => {
      event.preventDefault();
      submit.disabled = true;
      client.controller.fetch(login, { username: username.value, password: password.value }).then(
        () => {
          logoutReason.value = undefined;
        },
        (error: unknown) => {
          failure.hidden = false;
          failure.textContent = errorText(error);
          submit.disabled = false;
        },
      );
    },
  }, reason, username, password, submit, failure);
  const dispose = effect(() => {
    reason.textContent = logoutReason.value ?? '';
    reason.hidden = logoutReason.value === undefined;
  });
  return { el, dispose };
}
