import { effect } from '@preact/signals-core';
import { h, type View } from './dom.js';
import { notice } from './state.js';

/**
 * The last failed mutation (after its optimistic change was rolled back), with "Dismiss".
 * @example main.prepend(Notice().el);
 */
export function Notice(): View {
  const text = h('span', { 'data-testid': 'mutation-error' });
  const el = h('div', { class: 'error', role: 'alert' }, text,
    h('button', { 'data-testid': 'dismiss-error', onclick: () => (notice.value = undefined) }, 'Dismiss'));
  const dispose = effect(() => {
    el.hidden = notice.value === undefined;
    text.textContent = notice.value ?? '';
  });
  return { el, dispose };
}
