// A user's own app, served from another port than the playground API: it declares a resource with
// `urlPrefix` pointing at the API and runs a GET, an authenticated PATCH and a failing request.
import { Entity, createDataClient, resource } from '../../../src/core/index.js';

class Task extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'Task';
}

declare global {
  interface Window {
    API_URL: string;
    crossOriginResult: Promise<{ titles: string[]; done: boolean; status: number | undefined; message: string }>;
  }
}

const TaskResource = resource({ urlPrefix: window.API_URL, path: '/tasks/:id', schema: Task, searchParams: {} as { projectId?: number }, optimistic: true });

window.crossOriginResult = (async () => {
  const { controller } = createDataClient();
  const list = await controller.fetch(TaskResource.getList, { projectId: 1 });
  const first = list[0]!;
  const updated = await controller.fetch(TaskResource.partialUpdate, { id: first.id }, { done: !first.done });
  const failed = await controller.fetch(TaskResource.get, { id: 999_999 }).catch((e: Error & { status?: number }) => e);
  return {
    titles: list.slice(0, 3).map(t => t.title),
    done: updated.done === !first.done,
    status: (failed as { status?: number }).status,
    message: (failed as Error).message,
  };
})();
