import { createSignal, Show, type JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { TaskResource, type Task } from '../shared/index.js';
import { countRender } from '../ui/renders.js';
import { pendingIds, report, selectedId, setSelectedId } from './state.js';

/**
 * One task: an optimistic "done" checkbox, the title (click to select), its column, the render
 * counter, rename (Enter saves, Escape cancels) and delete. `props.task` is one immutable entity
 * object; the list re-creates the row when the task changes, which is one render.
 * @example <For each={tasks()}>{task => <TaskRow task={task} />}</For>
 */
export function TaskRow(props: { task: Task }): JSX.Element {
  const ctrl = useController();
  const task = props.task;
  const renders = countRender(String(task.id));
  const [editing, setEditing] = createSignal(false);
  const save = (title: string) => {
    setEditing(false);
    const next = title.trim();
    if (next && next !== task.title) void report(ctrl.fetch(TaskResource.partialUpdate, { id: task.id }, { title: next }));
  };
  const remove = () => {
    if (selectedId() === task.id) setSelectedId(null);
    void report(ctrl.fetch(TaskResource.delete, { id: task.id }));
  };
  return (
    <li class="task" classList={{ done: task.done }} data-testid="task-row" data-id={task.id} data-done={String(task.done)}>
      <input
        type="checkbox"
        data-testid="task-toggle"
        checked={task.done}
        aria-label={`done: ${task.title}`}
        onChange={() => void report(ctrl.fetch(TaskResource.partialUpdate, { id: task.id }, { done: !task.done }))}
      />
      <Show
        when={editing()}
        fallback={<span class="title" data-testid="task-title" onClick={() => setSelectedId(task.id)}>{task.title}</span>}
      >
        <input
          type="text"
          data-testid="task-rename-input"
          value={task.title}
          ref={el => queueMicrotask(() => (el.focus(), el.select()))}
          onKeyDown={e => {
            if (e.key === 'Enter') save(e.currentTarget.value);
            if (e.key === 'Escape') setEditing(false);
          }}
          onBlur={e => editing() && save(e.currentTarget.value)}
        />
      </Show>
      <span class="muted" data-testid="task-status">{task.status}</span>
      <Show when={pendingIds().has(task.id)}>
        <span class="badge pending" data-testid="task-pending" title="waiting for the network">pending</span>
      </Show>
      <span class="renders" title="renders of this row" data-testid="task-renders">{renders}</span>
      <button data-testid="task-rename" onClick={() => setEditing(true)}>Rename</button>
      <button data-testid="task-delete" onClick={remove}>Delete</button>
    </li>
  );
}
