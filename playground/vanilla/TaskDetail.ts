import { effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { TaskResource } from '../shared/index.js';
import { errorText } from '../ui/board.js';
import { h, type View } from './dom.js';
import { selectedId } from './state.js';

/**
 * The selected task (`TaskResource.get`). It reads the same entity as the list row, so a rename
 * or toggle in the list shows here at once, without a request.
 * @example top.append(TaskDetail(client).el);
 */
export function TaskDetail(client: DataClient): View {
  const body = h('div', { 'data-testid': 'detail-body' });
  const el = h('section', { class: 'card', 'data-testid': 'detail' }, h('h2', {}, 'Detail'), body);
  const dispose = effect(() => {
    const id = selectedId.value;
    if (id === null) {
      body.replaceChildren(h('p', { class: 'muted', 'data-testid': 'detail-empty' }, 'Click a task title to see it here.'));
      return;
    }
    const task = client.dle(TaskResource.get, { id });
    // The inner effect follows the task; the outer one disposes it when the selection changes.
    return effect(() => {
      const { data, error } = task.value;
      if (data) {
        body.replaceChildren(h('dl', { class: 'detail' },
          h('dt', {}, 'Title'), h('dd', { 'data-testid': 'detail-title' }, data.title),
          h('dt', {}, 'Column'), h('dd', { 'data-testid': 'detail-status' }, data.status),
          h('dt', {}, 'Done'), h('dd', { 'data-testid': 'detail-done' }, data.done ? 'yes' : 'no'),
          h('dt', {}, 'Tags'), h('dd', {}, data.tags.join(', ') || '–'),
          h('dt', {}, 'Id'), h('dd', { 'data-testid': 'detail-id' }, String(data.id)),
        ));
      } else if (error) {
        // "Retry" asks again (a task deleted meanwhile answers 404 again)
        body.replaceChildren(h('div', { class: 'error', role: 'alert' },
          h('span', { 'data-testid': 'detail-error' }, errorText(error)),
          h('button', {
            'data-testid': 'detail-retry',
            onclick: () => void client.controller.fetch(TaskResource.get, { id }).catch(() => undefined),
          }, 'Retry'),
        ));
      } else {
        body.replaceChildren(h('p', { class: 'loading', 'data-testid': 'detail-loading' }, 'Loading…'));
      }
    });
  });
  return { el, dispose };
}
