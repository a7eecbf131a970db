import type { DataClient } from '../../src/core/index.js';
import { TaskResource, tempId } from '../shared/index.js';
import { NEW_TASK_OWNER, PROJECT_ID } from '../ui/board.js';
import { h, type View } from './dom.js';
import { report } from './state.js';

/**
 * "New task" form: `getList.push` adds the created task at the end of every matching list.
 * @example card.append(CreateTask(client).el);
 */
export function CreateTask(client: DataClient): View {
  const title = h('input', { 'data-testid': 'create-title', placeholder: 'New task title', required: true });
  const el = h('form', {
    class: 'inline', 'data-testid': 'create-form',
    onsubmit: (event: Event) => {
      event.preventDefault();
      const text = title.value.trim();
      if (!text) return;
      title.value = '';
      void report(client.controller.fetch(TaskResource.getList.push, { projectId: PROJECT_ID },
        { id: tempId(), title: text, projectId: PROJECT_ID, ownerId: NEW_TASK_OWNER, status: 'todo' }));
    },
  }, title, h('button', { 'data-testid': 'create-submit', type: 'submit' }, 'Add'));
  return { el, dispose: () => {} };
}
