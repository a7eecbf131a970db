/**
 * Live updates: `GET /api/events` (Server-Sent Events) and `/api/live` (WebSocket, through
 * `@fastify/websocket`, the fastify team's plugin over `ws`: the server already runs on fastify,
 * and `ws` is the Node WebSocket implementation most servers use) carry the same JSON messages.
 * Every successful task mutation is announced after its reply was sent (`task.created`,
 * `task.updated`, `task.moved` when its column or position changed, `task.deleted`), followed by
 * the new `stats`; `POST /__reset` announces `reset`.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LiveHub, type LiveMessage } from './LiveHub.js';
import type { PlaygroundState } from './PlaygroundState.js';

const MOVE_FIELDS = ['status', 'projectId', 'position'] as const;

function taskMessage(req: FastifyRequest, reply: FastifyReply, payload: unknown): LiveMessage | undefined {
  const route = req.routeOptions.url;
  if (reply.statusCode >= 300 || (route !== '/api/tasks' && route !== '/api/tasks/:id')) return undefined;
  if (req.method === 'DELETE') return { type: 'task.deleted', id: Number((req.params as { id: string }).id) };
  if (req.method === 'GET' || typeof payload !== 'string') return undefined;
  const task = JSON.parse(payload) as Record<string, unknown>;
  if (req.method === 'POST') return { type: 'task.created', task };
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  const moved = MOVE_FIELDS.some(f => Object.prototype.hasOwnProperty.call(body, f));
  return { type: moved ? 'task.moved' : 'task.updated', task };
}

/** Registers the live endpoints and the hook that announces changes. @example registerLiveRoutes(app, state); */
export function registerLiveRoutes(app: FastifyInstance, state: PlaygroundState): LiveHub {
  const hub = new LiveHub();
  const stats = (): Record<string, unknown> => {
    const rows = state.tasks.rows();
    return { id: 'stats', tasksDone: rows.filter(t => t.done).length, tasksTotal: rows.length, serverTime: new Date().toISOString() };
  };
  const pending = new WeakMap<FastifyRequest, LiveMessage>();

  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const message = req.url === '/__reset' && reply.statusCode < 300 ? ({ type: 'reset' } as const) : taskMessage(req, reply, payload);
      if (message) pending.set(req, message);
    }
    return payload;
  });
  // announced once the reply is out, so the tab that made the change usually has its reply first
  app.addHook('onResponse', async req => {
    const message = pending.get(req);
    if (!message) return;
    hub.announce(message);
    if (message.type !== 'reset') hub.announce({ type: 'stats', stats: stats() });
  });
  app.addHook('onClose', async () => hub.close());

  app.get('/api/events', (req, reply) => {
    reply.hijack();
    hub.addStream(reply.raw);
  });
  void app.register(websocket);
  void app.register(async scoped => {
    scoped.get('/api/live', { websocket: true }, socket => hub.addSocket(socket));
  });
  return hub;
}
