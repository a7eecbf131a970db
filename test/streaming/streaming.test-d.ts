import type { ReadonlySignal } from '@preact/signals-core';
import { describe, expectTypeOf, it } from 'vitest';
import { Entity, StreamManager, TabSyncManager, type Controller, type Manager, type StreamMessage, type StreamSource, type StreamStatus } from '../../src/core/index.js';

class Task extends Entity {
  id = 0;
  title = '';
  static override key = 'Task';
}
declare const source: StreamSource;

describe('real-time managers', () => {
  it('StreamManager takes connect and onMessage (event, controller), and exposes its status', () => {
    const stream = new StreamManager({
      connect: () => source,
      onMessage: (event, controller) => {
        expectTypeOf(event).toEqualTypeOf<StreamMessage>();
        expectTypeOf(controller).toEqualTypeOf<Controller>();
        return controller.set(Task, { id: 1 }, JSON.parse(String(event.data)) as { id: number; title: string });
      },
      onReconnect: controller => controller.invalidateAll({ testKey: () => true }),
      initialDelay: 100,
    });
    expectTypeOf(stream).toMatchTypeOf<Manager>();
    expectTypeOf(stream.status).toEqualTypeOf<ReadonlySignal<StreamStatus>>();
    // @ts-expect-error onMessage is required
    new StreamManager({ connect: () => source });
    // @ts-expect-error connect returns a connection
    new StreamManager({ connect: () => 'ws://x', onMessage: () => {} });
  });

  it("the platform's EventSource and WebSocket are stream sources", () => {
    expectTypeOf<EventSource>().toMatchTypeOf<StreamSource>();
    expectTypeOf<WebSocket>().toMatchTypeOf<StreamSource>();
    new StreamManager({ connect: () => new EventSource('/api/events'), onMessage: () => {} });
    new StreamManager({ connect: () => new WebSocket('ws://localhost/live'), onMessage: () => {} });
  });

  it('TabSyncManager takes an optional channel name', () => {
    expectTypeOf(new TabSyncManager()).toMatchTypeOf<Manager>();
    new TabSyncManager({ channel: 'app' });
    // @ts-expect-error channel is a string
    new TabSyncManager({ channel: 1 });
  });
});
