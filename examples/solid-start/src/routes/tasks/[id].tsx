import { useParams } from '@solidjs/router';
import { useSuspense } from 'rest-signals/solid';
import { TaskApi } from '~/api';

export default function TaskDetail() {
  const params = useParams();
  const task = useSuspense(TaskApi.useGet(), () => ({ id: Number(params.id) }));
  return (
    <article data-test="detail">
      <h1>{task()?.title}</h1>
      <p>{task()?.done ? 'Done' : 'Open'} · owner {task()?.owner}</p>
    </article>
  );
}
