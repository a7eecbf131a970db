import type { DataClient } from '../../src/core/index.js';
import { TaskResource, type Task } from '../shared/index.js';
import { countRender } from '../ui/renders.js';
import { h } from './dom.js';
import { pendingIds, report, selectedId } from './state.js';

/** A row of the task list; `update` re-renders it (and counts the render) for a new task object. */
export interface TaskRowView {
  readonly el: HTMLLIElement;
  readonly task: Task;
  update(task: Task): void;
  /** Stops following the pending-mutation queue (when the row leaves the list). */
  dispose(): void;
}

function pendingBadge(): HTMLElement {
  return h('span', { class: 'badge pending', 'data-testid': 'task-pending', title: 'waiting for the network' }, 'pending');
}

/**
 * One task: an optimistic "done" checkbox, the title (click to select), its column, the render
 * counter, rename (inline input; Enter saves, Escape cancels) and delete. The list calls `update`
 * only when the store hands it a different task object, i.e. when this task changed.
 * @example const row = TaskRow(client, task); ul.append(row.el); row.update(changedTask);
 */
export function TaskRow(client: DataClient, initial: Task): TaskRowView {
  const el = h('li', { class: 'task', 'data-testid': 'task-row', 'data-id': initial.id });
  const ctrl = client.controller;
  let task = initial;

  const rename = () => {
    const input = h('input', { type: 'text', 'data-testid': 'task-rename-input', value: task.title });
    const finish = (save: boolean) => {
      input.onblur = null;
      const title = input.value.trim();
      if (save && title && title !== task.title) {
        void report(ctrl.fetch(TaskResource.partialUpdate, { id: task.id }, { title }));
      }
      render();
    };
    input.onkeydown = e => {
      if (e.key === 'Enter') finish(true);
      if (e.key === 'Escape') finish(false);
    };
    input.onblur = () => finish(true);
    el.querySelector('.title')!.replaceWith(input);
    input.focus();
    input.select();
  };

  function render(): void {
    const t = task;
    el.classList.toggle('done', t.done);
    el.dataset.done = String(t.done);
    el.replaceChildren(
      h('input', {
        type: 'checkbox', 'data-testid': 'task-toggle', checked: t.done, 'aria-label': `done: ${t.title}`,
        onchange: () => void report(ctrl.fetch(TaskResource.partialUpdate, { id: t.id }, { done: !t.done })),
      }),
      h('span', { class: 'title', 'data-testid': 'task-title', onclick: () => (selectedId.value = t.id) }, t.title),
      h('span', { class: 'muted', 'data-testid': 'task-status' }, t.status),
      ...(pendingIds.peek().has(t.id) ? [pendingBadge()] : []),
      h('span', { class: 'renders', title: 'renders of this row', 'data-testid': 'task-renders' }, String(countRender(String(t.id)))),
      h('button', { 'data-testid': 'task-rename', onclick: rename }, 'Rename'),
      h('button', {
        'data-testid': 'task-delete',
        onclick: () => {
          if (selectedId.value === t.id) selectedId.value = null;
          void report(ctrl.fetch(TaskResource.delete, { id: t.id }));
        },
      }, 'Delete'),
    );
  }

  // The badge follows the paused-mutation queue without re-rendering the row (its render counter
  // counts task changes only).
  const stopPending = pendingIds.subscribe(ids => {
    const badge = el.querySelector('[data-testid="task-pending"]');
    if (ids.has(task.id) && !badge) el.querySelector('[data-testid="task-status"]')?.after(pendingBadge());
    if (!ids.has(task.id) && badge) badge.remove();
  });
  render();
  return {
    el,
    get task() {
      return task;
    },
    update(next) {
      task = next;
      render();
    },
    dispose: stopPending,
  };
}
