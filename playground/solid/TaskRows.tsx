import { For, type JSX } from 'solid-js';
import { useSuspense } from '../../src/adapters/solid/index.js';
import { TaskResource, type TaskFilters } from '../shared/index.js';
import { LoadMore } from './LoadMore.js';
import { TaskRow } from './TaskRow.js';

/**
 * The rows (`getList`, suspending on first load) and "Load more" (`getList.getPage`). `<For>` is
 * keyed by object: the store hands a new object only for a task that changed, so only that row
 * is re-created (and its render counter goes up).
 * @example <Suspense><TaskRows args={{ projectId: 1 }} /></Suspense>
 */
export function TaskRows(props: { args: TaskFilters }): JSX.Element {
  const tasks = useSuspense(TaskResource.getList, () => props.args);
  return (
    <>
      <ul class="tasks" data-testid="task-list">
        <For each={tasks()}>{task => <TaskRow task={task} />}</For>
      </ul>
      <LoadMore args={props.args} loaded={tasks()?.length ?? 0} />
    </>
  );
}
