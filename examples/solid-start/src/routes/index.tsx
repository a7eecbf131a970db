import { A, createAsync, query } from '@solidjs/router';
import { useController, useSuspense } from 'rest-signals/solid';
import { For } from 'solid-js';
import { motdUrl, TaskApi, type Task } from '~/api';

// @solidjs/router's own data layer beside rest-signals on one page
const getMotd = query(async () => (await fetch(motdUrl)).json() as Promise<{ text: string }>, 'motd');

export default function Tasks() {
  const tasks = useSuspense(TaskApi.useGetList());
  const motd = createAsync(() => getMotd());
  const ctrl = useController();
  const partialUpdate = TaskApi.usePartialUpdate();
  const rename = (task: Task) => ctrl.fetch(partialUpdate, { id: task.id }, { title: `${task.title} ✓` });
  return (
    <main>
      <h1>Tasks</h1>
      <p data-test="motd">{motd()?.text}</p>
      <ul>
        <For each={tasks()}>
          {task => (
            <li data-test="task">
              <A href={`/tasks/${task.id}`} data-test="title">{task.title}</A>
              <button type="button" data-test={`rename-${task.id}`} onClick={() => rename(task)}>Rename</button>
            </li>
          )}
        </For>
      </ul>
    </main>
  );
}
