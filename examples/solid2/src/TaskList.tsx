import { For, isPending } from 'solid-js';
import { useSearchParams } from '@solidjs/router';
import { useSuspense } from 'rest-signals/solid2';
import { taskPage } from './api.js';
import { TaskRow } from './TaskRow.js';

export function TaskList() {
  const [search] = useSearchParams();
  const page = () => Number(search.page ?? 1);
  const tasks = useSuspense(taskPage, () => ({ page: page() }));
  return (
    <section data-test="list" data-pending={isPending(() => tasks()) ? '' : undefined}>
      <h1>Tasks</h1>
      <ul>
        <For each={tasks().results}>{task => <TaskRow task={task} />}</For>
      </ul>
      <p data-test="pager">
        <a data-test="prev" href={`/?page=${Math.max(1, page() - 1)}`}>Previous</a>
        <span data-test="page"> page {page()} of {tasks().pages} </span>
        <a data-test="next" href={`/?page=${Math.min(tasks().pages, page() + 1)}`}>Next</a>
      </p>
    </section>
  );
}
