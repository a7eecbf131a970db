import { useParams } from '@solidjs/router';
import { useSuspense } from 'rest-signals/solid2';
import { TaskResource } from './api.js';
import { TaskRow } from './TaskRow.js';

export function TaskDetail() {
  const params = useParams();
  const task = useSuspense(TaskResource.get, () => ({ id: Number(params.id) }));
  return (
    <section data-test="detail">
      <h1>{task().title}</h1>
      <ul>
        <TaskRow task={task()} />
      </ul>
    </section>
  );
}
