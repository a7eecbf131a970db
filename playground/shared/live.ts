import { StreamManager, TabSyncManager, type Controller, type Manager, type StreamMessage, type StreamSource } from '../../src/core/index.js';
import { apiConfig } from './apiConfig.js';
import { Stats, Task } from './entities.js';
import { TaskResource } from './resources.js';

/** A message of the playground server's live endpoints (`GET /api/events`, `/api/live`). */
type LiveMessage =
  | { type: 'task.created' | 'task.updated' | 'task.moved'; task: Task }
  | { type: 'task.deleted'; id: number }
  | { type: 'stats'; stats: Stats }
  | { type: 'reset' };

function parse(data: unknown): LiveMessage {
  const msg = JSON.parse(String(data)) as unknown;
  if (typeof msg !== 'object' || msg === null || typeof (msg as { type?: unknown }).type !== 'string') {
    throw new TypeError(`live message: expected { type, ... }, got ${String(data).slice(0, 80)}`);
  }
  return msg as LiveMessage;
}

/**
 * Applies one live message to the store without a request: an edit writes the task (only the
 * rows showing it re-render), a new task joins the lists of its column, a move leaves one column
 * for another (a move is idempotent: it never lists a card twice), a delete leaves every list.
 * A new task this tab already shows (its own create, echoed back) is written as a plain update.
 * @example new StreamManager({ connect, onMessage: applyLiveMessage });
 */
export function applyLiveMessage(event: StreamMessage, controller: Controller): Promise<void> | undefined {
  const msg = parse(event.data);
  switch (msg.type) {
    case 'task.updated':
      return controller.set(Task, { id: msg.task.id }, msg.task);
    case 'task.created': {
      if (controller.get(Task, { id: msg.task.id })) return controller.set(Task, { id: msg.task.id }, msg.task);
      return controller.setResponse(TaskResource.getList.push, { projectId: msg.task.projectId }, msg.task, msg.task);
    }
    case 'task.moved':
      // always a move, even when this tab already shows the new column (its own optimistic move):
      // a move leaves every list the task no longer matches and joins those it does, whichever
      // it is in now, so it is idempotent; a plain write would leave the committed lists in the
      // old column, and they are what shows if this tab's own move then fails or its reply is lost
      return controller.setResponse(TaskResource.getList.move, { id: msg.task.id }, { status: msg.task.status }, msg.task);
    case 'task.deleted':
      return controller.setResponse(TaskResource.delete, { id: msg.id }, { id: msg.id });
    case 'stats':
      return controller.set(Stats, { id: 'stats' }, msg.stats);
    case 'reset':
      return controller.invalidateAll({ testKey: () => true });
    default:
      throw new TypeError(`live message: unknown type ${JSON.stringify((msg as { type: string }).type)}`);
  }
}

/** A connection that never opens: `?live=off` (the browser tests use it to see tab sync alone). */
const offline: StreamSource = { addEventListener() {}, removeEventListener() {}, close() {} };

/** Which transport a page uses: `?live=ws` the WebSocket, `?live=off` none, otherwise Server-Sent Events. */
function connectLive(): StreamSource {
  const base = new URL(apiConfig.urlPrefix, location.href);
  const mode = new URLSearchParams(location.search).get('live');
  if (mode === 'off') return offline;
  if (mode === 'ws') return new WebSocket(`${base.href.replace(/^http/, 'ws').replace(/\/$/, '')}/live`);
  return new EventSource(`${base.href.replace(/\/$/, '')}/events`);
}

/**
 * The page's live connection: a `StreamManager` on the playground server's SSE endpoint (or its
 * WebSocket with `?live=ws`), applying each message with {@link applyLiveMessage}.
 * @example createDataClient({ managers: [liveStream(), ...playgroundManagers()] });
 */
export function liveStream(connect: () => StreamSource = connectLive): StreamManager {
  return new StreamManager({ connect, onMessage: applyLiveMessage });
}

/**
 * The live managers of a page: its {@link liveStream} (first, so it is the one to show in the
 * connection indicator) and a `TabSyncManager`, so tabs of one browser share what they receive.
 * @example const [stream, ...rest] = liveManagers();
 */
export function liveManagers(): [StreamManager, ...Manager[]] {
  return [liveStream(), new TabSyncManager({ channel: 'rest-signals-playground' })];
}
