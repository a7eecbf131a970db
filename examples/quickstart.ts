// The README quickstart, as a file that runs: `npm start` in one terminal, then
// `npm run build && npx tsx examples/quickstart.ts` in another (API_URL overrides the server).
import { effect } from '@preact/signals-core';
import { Entity, createDataClient, resource } from 'rest-signals';

class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'Task';
}

const TaskResource = resource({
  urlPrefix: process.env.API_URL ?? 'http://127.0.0.1:3000/api',
  path: '/tasks/:id',
  schema: Task,
  searchParams: {} as { projectId?: number; status?: string },
  optimistic: true,
});

const client = createDataClient();
// A signal of { data, loading, error }: it fetches when first watched, and each entity lives in its own signal.
const todo = client.dle(TaskResource.getList, { projectId: 1, status: 'todo' });
const stop = effect(() => {
  const { data, loading, error } = todo.value;
  if (loading) console.log('loading…');
  else if (error) console.log(`failed: ${error.message}`);
  else console.log(data?.slice(0, 3).map(t => `${t.done ? '[x]' : '[ ]'} #${t.id} ${t.title}`).join('\n'));
});
await client.controller.fetchIfStale(TaskResource.getList, { projectId: 1, status: 'todo' });

// Optimistic: the list above re-renders at once, then settles on the server's reply.
const first = todo.value.data![0]!;
await client.controller.fetch(TaskResource.partialUpdate, { id: first.id }, { done: !first.done });
stop();
client.destroy();
