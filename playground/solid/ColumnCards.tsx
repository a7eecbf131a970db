import { For, type JSX } from 'solid-js';
import { useController, useSuspense } from '../../src/adapters/solid/index.js';
import { TaskResource, type TaskStatus } from '../shared/index.js';
import { nextStatus, PROJECT_ID } from '../ui/board.js';
import { LoadMore } from './LoadMore.js';
import { report } from './state.js';

/**
 * The cards of one column (`getList` filtered by status, ten at a time), suspending on first
 * load. "Move" sends a card to the next column with `getList.move`, which takes it out of this
 * list and appends it to the other at once (optimistic), before the server replies.
 * @example <Suspense><ColumnCards status="todo" /></Suspense>
 */
export function ColumnCards(props: { status: TaskStatus }): JSX.Element {
  const ctrl = useController();
  const args = () => ({ projectId: PROJECT_ID, status: props.status });
  const tasks = useSuspense(TaskResource.getList, args);
  const to = () => nextStatus(props.status);
  return (
    <>
      <h2>{props.status} <span class="muted" data-testid="column-count">({tasks()?.length})</span></h2>
      <ul class="tasks">
        <For each={tasks()}>
          {task => (
            <li class="task" data-testid="board-card" data-id={task.id}>
              <span class="title">{task.title}</span>
              <button
                data-testid="card-move"
                title={`move to ${to()}`}
                onClick={() => void report(ctrl.fetch(TaskResource.getList.move, { id: task.id }, { status: to() }))}
              >→ {to()}</button>
            </li>
          )}
        </For>
      </ul>
      <LoadMore args={args()} loaded={tasks()?.length ?? 0} />
    </>
  );
}
