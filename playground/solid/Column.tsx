import { ErrorBoundary, Suspense, type JSX } from 'solid-js';
import { useController } from '../../src/adapters/solid/index.js';
import { TaskResource, type TaskStatus } from '../shared/index.js';
import { errorText, PROJECT_ID } from '../ui/board.js';
import { ColumnCards } from './ColumnCards.js';

/**
 * One column of the board: its cards under `<Suspense>` (first load) and an `<ErrorBoundary>`. A
 * failed load shows the error with "Retry", which fetches the column again and then resets the
 * boundary (nothing else would: the failed view is no longer mounted, so nothing refetches it).
 * @example <Column status="todo" />
 */
export function Column(props: { status: TaskStatus }): JSX.Element {
  const ctrl = useController();
  const retry = (reset: () => void) =>
    void ctrl.fetch(TaskResource.getList, { projectId: PROJECT_ID, status: props.status }).then(reset, () => undefined);
  const fallback = (error: unknown, reset: () => void) => (
    <>
      <h2>{props.status}</h2>
      <p class="error" role="alert">
        <span data-testid="column-error">{errorText(error)}</span>
        <button data-testid="column-retry" onClick={() => retry(reset)}>Retry</button>
      </p>
    </>
  );
  return (
    <section class="card" data-testid={`column-${props.status}`}>
      <ErrorBoundary fallback={fallback}>
        <Suspense fallback={<><h2>{props.status}</h2><p class="loading">Loading…</p></>}>
          <ColumnCards status={props.status} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
