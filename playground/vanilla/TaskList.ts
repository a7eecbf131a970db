import { computed, effect } from '@preact/signals-core';
import type { DataClient } from '../../src/core/index.js';
import { TaskResource, type Task } from '../shared/index.js';
import { errorText, PROJECT_ID } from '../ui/board.js';
import { CreateTask } from './CreateTask.js';
import { h, type View } from './dom.js';
import { LoadMore } from './LoadMore.js';
import { TaskRow, type TaskRowView } from './TaskRow.js';

/**
 * The project's tasks, ten per page (`getList`, then `getList.getPage` on "Load more"), with the
 * create form. Rows are keyed by id: a row is re-rendered only when the store hands over a new
 * object for its task, so editing one task re-renders one row. A failed load shows the error
 * and "Retry".
 * @example top.append(TaskList(client).el);
 */
export function TaskList(client: DataClient): View {
  const args = { projectId: PROJECT_ID };
  const list = client.dle(TaskResource.getList, args);
  const rows = new Map<number, TaskRowView>();
  const create = CreateTask(client);

  const ul = h('ul', { class: 'tasks', 'data-testid': 'task-list' });
  const loadingNote = h('p', { class: 'loading', 'data-testid': 'list-loading' }, 'Loading tasks…');
  const failure = h('span', { 'data-testid': 'list-error' });
  const retry = h('button', {
    'data-testid': 'retry',
    onclick: () => void client.controller.fetch(TaskResource.getList, args).catch(() => undefined),
  }, 'Retry');
  const errorBox = h('div', { class: 'error', role: 'alert' }, failure, retry);
  const more = LoadMore(client, args, computed(() => list.value.data?.length));
  const el = h('section', { class: 'card', 'data-testid': 'tasks-card' },
    h('h2', {}, 'Tasks of project 1'), h('p', { class: 'muted' }, 'The purple number counts the renders of each row: edit one task and only its row renders again.'), create.el, loadingNote, errorBox, ul, more.el);

  const reconcile = (tasks: readonly Task[]) => {
    const seen = new Set<number>();
    tasks.forEach((task, i) => {
      seen.add(task.id);
      let row = rows.get(task.id);
      if (!row) rows.set(task.id, (row = TaskRow(client, task)));
      else if (row.task !== task) row.update(task);
      if (ul.children[i] !== row.el) ul.insertBefore(row.el, ul.children[i] ?? null);
    });
    for (const [id, row] of rows) {
      if (!seen.has(id)) {
        row.el.remove();
        row.dispose();
        rows.delete(id);
      }
    }
  };

  const dispose = effect(() => {
    const { data, loading, error } = list.value;
    loadingNote.hidden = data !== undefined || (!loading && error !== undefined);
    errorBox.hidden = error === undefined;
    failure.textContent = error ? errorText(error) : '';
    if (data) reconcile(data);
  });
  return {
    el,
    dispose: () => {
      dispose();
      create.dispose();
      more.dispose();
      for (const row of rows.values()) row.dispose();
    },
  };
}
