import type { JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { TaskResource, tempId } from '../shared/index.js';
import { NEW_TASK_OWNER, PROJECT_ID } from '../ui/board.js';
import { report } from './state.js';

/**
 * "New task" form: `getList.push` adds the created task at the end of every matching list.
 * @example <CreateTask />
 */
export function CreateTask(): JSX.Element {
  const ctrl = useController();
  let title!: HTMLInputElement;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const text = title.value.trim();
    if (!text) return;
    title.value = '';
    void report(ctrl.fetch(TaskResource.getList.push, { projectId: PROJECT_ID },
      { id: tempId(), title: text, projectId: PROJECT_ID, ownerId: NEW_TASK_OWNER, status: 'todo' }));
  };
  return (
    <form class="inline" data-testid="create-form" onSubmit={submit}>
      <input ref={title} data-testid="create-title" placeholder="New task title" required />
      <button data-testid="create-submit" type="submit">Add</button>
    </form>
  );
}
