// Real-time updates: a StreamManager keeps one WebSocket to the playground server's live endpoint
// and writes each pushed task into the store with controller.set; only the view showing that task
// re-runs, and nothing is fetched. With `npm start` running: `npm run build && npx tsx examples/realtime.ts`.
import { effect } from '@preact/signals-core';
import WebSocket from 'ws'; // Node 20 has no global WebSocket; browsers use their own (or EventSource)
import { Entity, StreamManager, createDataClient, getDefaultManagers, resource, type StreamSource } from 'rest-signals';

class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'Task';
}

const api = process.env.API_URL ?? 'http://127.0.0.1:3000/api';
const TaskResource = resource({ urlPrefix: api, path: '/tasks/:id', schema: Task });

const stream = new StreamManager({
  connect: () => new WebSocket(`${api.replace(/^http/, 'ws')}/live`) as unknown as StreamSource,
  onMessage(event, controller) {
    const msg = JSON.parse(String(event.data)) as { type: string; task?: Task };
    if (msg.type === 'task.updated' && msg.task) return controller.set(Task, { id: msg.task.id }, msg.task);
  },
});
const client = createDataClient({ managers: [stream, ...getDefaultManagers()] });

await client.controller.fetch(TaskResource.get, { id: 1 });
await client.controller.fetch(TaskResource.get, { id: 2 });
// two views, each showing one task (client.cache never fetches by itself)
const [one, two] = [1, 2].map(id => client.cache(TaskResource.get, { id }));
const stops = [one!, two!].map((view, i) =>
  effect(() => {
    const task = view.value;
    if (task) console.log(`view ${i + 1}: #${task.id} ${task.done ? '[x]' : '[ ]'} ${task.title}`);
  }),
);
await new Promise<void>(resolve => stream.status.subscribe(s => s === 'open' && resolve()));

// Another client (a curl, another window) changes task 1: this client hears it and only "view 1" logs.
const current = client.controller.get(Task, { id: 1 }) as Task;
await fetch(`${api}/tasks/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ done: !current.done }) });
await new Promise<void>(resolve => {
  const stop = effect(() => {
    if (one!.value?.done !== current.done) {
      resolve();
      queueMicrotask(() => stop());
    }
  });
});
stops.forEach(stop => stop());
client.destroy();
