import { ErrorBoundary, Show, Suspense, type JSX } from 'solid-js';
import { errorText } from '../ui/board.js';
import { selectedId } from './state.js';
import { TaskDetailBody } from './TaskDetailBody.js';

/**
 * The detail card: the selected task, suspending while it loads.
 * @example <TaskDetail />
 */
export function TaskDetail(): JSX.Element {
  return (
    <section class="card" data-testid="detail">
      <h2>Detail</h2>
      <Show
        when={selectedId()}
        keyed
        fallback={<p class="muted" data-testid="detail-empty">Click a task title to see it here.</p>}
      >
        {id => (
          <ErrorBoundary fallback={error => <div class="error" data-testid="detail-error">{errorText(error)}</div>}>
            <Suspense fallback={<p class="loading" data-testid="detail-loading">Loading…</p>}>
              <TaskDetailBody id={id} />
            </Suspense>
          </ErrorBoundary>
        )}
      </Show>
    </section>
  );
}
