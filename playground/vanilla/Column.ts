import { computed, effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { TaskResource, type TaskStatus } from '../shared/index.js';
import { errorText, nextStatus, PROJECT_ID } from '../ui/board.js';
import { h, type View } from './dom.js';
import { LoadMore } from './LoadMore.js';
import { report } from './state.js';

/**
 * One column of the board: the project's tasks with this status (`getList` filtered by status,
 * ten at a time with "Load more").
 * "Move" sends a card to the next column with `getList.move`, which takes it out of this list
 * and appends it to the other at once (optimistic), before the server replies. A failed load
 * shows the error with "Retry".
 * @example board.append(Column(client, 'todo').el);
 */
export function Column(client: DataClient, status: TaskStatus): View {
  const args = { projectId: PROJECT_ID, status };
  const list = client.dle(TaskResource.getList, args);
  const more = LoadMore(client, args, computed(() => list.value.data?.length));
  const ul = h('ul', { class: 'tasks' });
  const count = h('span', { class: 'muted', 'data-testid': 'column-count' });
  const el = h('section', { class: 'card', 'data-testid': `column-${status}` }, h('h2', {}, `${status} `, count), ul, more.el);
  const to = nextStatus(status);
  // a failed load stays failed until asked again: "Retry" fetches the column (the view updates)
  const failed = (error: Error) => h('li', { class: 'error', role: 'alert' },
    h('span', { 'data-testid': 'column-error' }, errorText(error)),
    h('button', {
      'data-testid': 'column-retry',
      onclick: () => void client.controller.fetch(TaskResource.getList, args).catch(() => undefined),
    }, 'Retry'),
  );
  const dispose = effect(() => {
    const { data, error } = list.value;
    count.textContent = data ? `(${data.length})` : '';
    if (!data) {
      ul.replaceChildren(error ? failed(error) : h('li', { class: 'loading' }, 'Loading…'));
      return;
    }
    ul.replaceChildren(...data.map(task => h('li', { class: 'task', 'data-testid': 'board-card', 'data-id': task.id },
      h('span', { class: 'title' }, task.title),
      h('button', {
        'data-testid': 'card-move', title: `move to ${to}`,
        onclick: () => void report(client.controller.fetch(TaskResource.getList.move, { id: task.id }, { status: to })),
      }, `→ ${to}`),
    )));
  });
  return { el, dispose: () => (dispose(), more.dispose()) };
}
