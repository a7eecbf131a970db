import type { JSX } from 'solid-js';
import { useSuspense } from '../../src/adapters/solid/index.js';
import { TaskResource } from '../shared/index.js';

/**
 * One task's fields (`TaskResource.get`). It reads the same entity as the list row, so a rename
 * or toggle in the list shows here at once, without a request.
 * @example <Suspense><TaskDetailBody id={4} /></Suspense>
 */
export function TaskDetailBody(props: { id: number }): JSX.Element {
  const task = useSuspense(TaskResource.get, () => ({ id: props.id }));
  return (
    <dl class="detail">
      <dt>Title</dt><dd data-testid="detail-title">{task()?.title}</dd>
      <dt>Column</dt><dd data-testid="detail-status">{task()?.status}</dd>
      <dt>Done</dt><dd data-testid="detail-done">{task()?.done ? 'yes' : 'no'}</dd>
      <dt>Tags</dt><dd>{task()?.tags.join(', ') || '–'}</dd>
      <dt>Id</dt><dd data-testid="detail-id">{task()?.id}</dd>
    </dl>
  );
}
