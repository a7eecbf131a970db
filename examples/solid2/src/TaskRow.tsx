import { action } from 'solid-js';
import { useController, useEntity } from 'rest-signals/solid2';
import { Task, TaskResource } from './api.js';

/** One task: follows its own entity, so a change to it re-renders this row alone. */
export function TaskRow(props: { task: Task }) {
  const task = useEntity(() => props.task);
  const ctrl = useController();
  // the optimistic update shows at once; the action settles when the reply is committed
  const toggle = action(function* () {
    yield ctrl.fetch(TaskResource.partialUpdate, { id: task().id }, { done: !task().done });
  });
  return (
    <li data-test="task" class={{ done: task().done }}>
      <input type="checkbox" data-test="toggle" checked={task().done} onChange={() => void toggle()} />
      <a data-test="title" href={`/tasks/${task().id}`}>{task().title}</a>
    </li>
  );
}
