import { ErrorBoundary, Suspense, type JSX } from 'solid-js';
import type { TaskStatus } from '../shared/index.js';
import { errorText } from '../ui/board.js';
import { ColumnCards } from './ColumnCards.js';

/**
 * One column of the board: its cards under `<Suspense>` (first load) and an `<ErrorBoundary>`.
 * @example <Column status="todo" />
 */
export function Column(props: { status: TaskStatus }): JSX.Element {
  return (
    <section class="card" data-testid={`column-${props.status}`}>
      <ErrorBoundary fallback={error => <><h2>{props.status}</h2><p class="error">{errorText(error)}</p></>}>
        <Suspense fallback={<><h2>{props.status}</h2><p class="loading">Loading…</p></>}>
          <ColumnCards status={props.status} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
