import { ErrorBoundary, Suspense, type JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { TaskResource } from '../shared/index.js';
import { errorText, PROJECT_ID } from '../ui/board.js';
import { CreateTask } from './CreateTask.js';
import { TaskRows } from './TaskRows.js';

/**
 * The project's tasks with the create form. The first load suspends (`<Suspense>`); a failed
 * load reaches the `<ErrorBoundary>`, whose "Retry" fetches again and then resets the boundary.
 * @example <TaskList />
 */
export function TaskList(): JSX.Element {
  const ctrl = useController();
  const args = { projectId: PROJECT_ID };
  const fallback = (error: unknown, reset: () => void) => (
    <div class="error" role="alert">
      <span data-testid="list-error">{errorText(error)}</span>
      <button data-testid="retry" onClick={() => void ctrl.fetch(TaskResource.getList, args).then(reset, () => undefined)}>Retry</button>
    </div>
  );
  return (
    <section class="card" data-testid="tasks-card">
      <h2>Tasks of project 1</h2>
      <p class="muted">The purple number counts the renders of each row: edit one task and only its row renders again.</p>
      <CreateTask />
      <ErrorBoundary fallback={fallback}>
        <Suspense fallback={<p class="loading" data-testid="list-loading">Loading tasks…</p>}>
          <TaskRows args={args} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
