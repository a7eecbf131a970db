import { ErrorBoundary, Show, Suspense, type JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { TaskResource } from '../shared/index.js';
import { errorText } from '../ui/board.js';
import { selectedId } from './state.js';
import { TaskDetailBody } from './TaskDetailBody.js';

/**
 * The detail card: the selected task, suspending while it loads. A failed load shows why, with
 * "Retry" (a task deleted meanwhile answers 404 again).
 * @example <TaskDetail />
 */
export function TaskDetail(): JSX.Element {
  const ctrl = useController();
  const fallback = (id: number) => (error: unknown, reset: () => void) => (
    <div class="error" role="alert">
      <span data-testid="detail-error">{errorText(error)}</span>
      <button data-testid="detail-retry" onClick={() => void ctrl.fetch(TaskResource.get, { id }).then(reset, () => undefined)}>Retry</button>
    </div>
  );
  return (
    <section class="card" data-testid="detail">
      <h2>Detail</h2>
      <Show
        when={selectedId()}
        keyed
        fallback={<p class="muted" data-testid="detail-empty">Click a task title to see it here.</p>}
      >
        {id => (
          <ErrorBoundary fallback={fallback(id)}>
            <Suspense fallback={<p class="loading" data-testid="detail-loading">Loading…</p>}>
              <TaskDetailBody id={id} />
            </Suspense>
          </ErrorBoundary>
        )}
      </Show>
    </section>
  );
}
