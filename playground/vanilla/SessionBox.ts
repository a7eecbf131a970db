import { effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { h, type View } from './dom.js';
import { LoginForm } from './LoginForm.js';
import { loggedIn } from './state.js';
import { UserBox } from './UserBox.js';

/**
 * The login form while logged out, the user box while logged in.
 * @example header.append(SessionBox(client).el);
 */
export function SessionBox(client: DataClient): View {
  const el = h('div', { class: 'session' });
  let current: View | undefined;
  const dispose = effect(() => {
    const next = loggedIn.value ? UserBox(client) : LoginForm(client);
    current?.dispose();
    current = next;
    el.replaceChildren(next.el);
  });
  return { el, dispose: () => (dispose(), current?.dispose()) };
}
