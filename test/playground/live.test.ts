import { effect } from '@preact/signals-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, type DataClient, type StreamSource } from '../../src/core/index.js';
import { apiConfig, playgroundManagers, Stats, Task, TaskResource, tokenStore } from '../../playground/shared/index.js';
import { liveStream } from '../../playground/shared/live.js';
import { FetchEventSource } from '../streaming/FetchEventSource.js';
import { WebSocket } from '../streaming/nodeWs.js';
import { startPlayground } from './helpers.js';

// Two clients (two windows) on the real playground server: one edits over REST, the other
// follows through the live endpoint, without a request.
let pg: Awaited<ReturnType<typeof startPlayground>>;
const clients: DataClient[] = [];
beforeAll(async () => {
  pg = await startPlayground();
  apiConfig.urlPrefix = `${pg.server.url}/api`;
});
afterAll(async () => {
  apiConfig.urlPrefix = '/api';
  await pg.server.close();
});
beforeEach(async () => {
  await pg.call('POST', '/__reset');
  tokenStore.clear();
});
afterEach(() => clients.splice(0).forEach(c => c.destroy()));

const transports: Record<string, () => StreamSource> = {
  'SSE GET /api/events': () => new FetchEventSource(`${pg.server.url}/api/events`) as unknown as StreamSource,
  'WebSocket /api/live': () => new WebSocket(`${pg.server.url.replace('http', 'ws')}/api/live`) as unknown as StreamSource,
};

const until = async (cond: () => boolean): Promise<void> => {
  for (const end = Date.now() + 5000; !cond(); await new Promise(r => setTimeout(r, 10))) {
    if (Date.now() > end) throw new Error('timed out waiting');
  }
};

describe.each(Object.keys(transports))('playground live updates over %s', name => {
  async function viewer(): Promise<{ client: DataClient; requests: () => number }> {
    const stream = liveStream(transports[name]);
    const client = createDataClient({ managers: [stream, ...playgroundManagers()] });
    clients.push(client);
    await until(() => stream.status.value === 'open');
    let requests = 0;
    const count = (): number => requests;
    const original = client.controller.fetch.bind(client.controller);
    client.controller.fetch = ((...args: Parameters<typeof original>) => (requests++, original(...args))) as typeof original;
    return { client, requests: count };
  }

  it('an edit in one window updates only that row in the other, and the stats, without a request', async () => {
    const { client, requests } = await viewer();
    const args = { projectId: 1, status: 'todo' } as const;
    await client.controller.fetch(TaskResource.getList, args);
    const list = client.controller.getResponse(TaskResource.getList, args).data as Task[];
    const [first, second] = list;
    const runs = new Map<number, number>();
    const stops = [first!, second!].map(t => {
      const row = client.query(Task, { id: t.id });
      return effect(() => void (row.value, runs.set(t.id, (runs.get(t.id) ?? 0) + 1)));
    });
    const before = requests();
    await pg.call('PATCH', `/api/tasks/${first!.id}`, { title: 'Edited elsewhere' });
    await until(() => (client.controller.get(Task, { id: first!.id }) as Task).title === 'Edited elsewhere');
    await until(() => client.controller.get(Stats, { id: 'stats' }) !== undefined);
    expect(runs.get(first!.id)).toBe(2);
    expect(runs.get(second!.id)).toBe(1);
    expect(requests()).toBe(before);
    stops.forEach(s => s());
  });

  it('a created, moved and deleted task joins and leaves the column lists', async () => {
    const { client } = await viewer();
    const todo = { projectId: 1, status: 'todo' } as const;
    const doing = { projectId: 1, status: 'doing' } as const;
    await client.controller.fetch(TaskResource.getList, todo);
    await client.controller.fetch(TaskResource.getList, doing);
    const ids = (args: typeof todo | typeof doing) => (client.controller.getResponse(TaskResource.getList, args).data as Task[]).map(t => t.id);
    const created = (await pg.call('POST', '/api/tasks', { title: 'Live', ownerId: 1, projectId: 1 })).body as { id: number };
    await until(() => ids(todo).includes(created.id));
    await pg.call('PATCH', `/api/tasks/${created.id}`, { status: 'doing' });
    await until(() => ids(doing).includes(created.id) && !ids(todo).includes(created.id));
    expect(ids(doing).filter(id => id === created.id)).toHaveLength(1);
    await pg.call('DELETE', `/api/tasks/${created.id}`);
    await until(() => !ids(doing).includes(created.id));
  });
});
