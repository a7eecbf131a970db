import { ErrorBoundary, For, Suspense, type JSX } from 'solid-js';
import { useController, useSuspense } from '../../src/adapters/solid/index.js';
import { TaskResource, type TaskStatus } from '../shared/index.js';
import { errorText, nextStatus, PROJECT_ID } from '../ui/board.js';
import { LoadMore } from './LoadMore.js';
import { report } from './state.js';

function Cards(props: { status: TaskStatus }): JSX.Element {
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

/**
 * One column of the board: the project's tasks with this status. "Move" sends a card to the
 * next column with `getList.move`, which takes it out of this list and appends it to the other
 * at once (optimistic), before the server replies.
 * @example <Column status="todo" />
 */
export function Column(props: { status: TaskStatus }): JSX.Element {
  return (
    <section class="card" data-testid={`column-${props.status}`}>
      <ErrorBoundary fallback={error => <><h2>{props.status}</h2><p class="error">{errorText(error)}</p></>}>
        <Suspense fallback={<><h2>{props.status}</h2><p class="loading">Loading…</p></>}>
          <Cards status={props.status} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
