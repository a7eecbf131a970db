// The state chunks `rest-signals/solid-start` streams into Solid's hydration data, and how the
// browser merges them back into one State.
import { describe, expect, it } from 'vitest';
import { createDataClient, Entity, resource } from '../../src/core/index.js';
import { CHUNK_PREFIX, readStreamedState, stateDelta } from '../../src/solid-start/streamedState.js';

class Task extends Entity {
  id = 0;
  title = '';
  static override key = 'Task';
}
const TaskResource = resource({ urlPrefix: 'http://api.test', path: '/tasks/:id', schema: Task });

describe('streamed state chunks', () => {
  it('send each part once, then only what changed, and merge back to the committed state', async () => {
    const server = createDataClient();
    const sent = new Map<string, string>();
    const chunks: Record<string, unknown> = {};
    const send = () => {
      const delta = stateDelta(server.controller.getState(), sent);
      if (delta !== undefined) chunks[`${CHUNK_PREFIX}${Object.keys(chunks).length}`] = delta;
      return delta;
    };
    expect(send()).toBeUndefined();
    await server.controller.setResponse(TaskResource.getList, [{ id: 1, title: 'one' }, { id: 2, title: 'two' }]);
    expect(JSON.parse(send()!).entities.Task).toEqual({ 1: { id: 1, title: 'one' }, 2: { id: 2, title: 'two' } });
    expect(send()).toBeUndefined();
    await server.controller.setResponse(TaskResource.get, { id: 2 }, { id: 2, title: 'two, renamed' });
    const second = JSON.parse(send()!);
    expect(Object.keys(second.entities.Task)).toEqual(['2']);
    expect(Object.keys(second.endpoints)).toEqual([TaskResource.get.key({ id: 2 })]);

    const merged = readStreamedState({ ...chunks, unrelated: 'x' })!;
    expect(JSON.parse(JSON.stringify(merged))).toEqual(JSON.parse(JSON.stringify(server.controller.getState())));
    const browser = createDataClient({ initialState: merged });
    expect(browser.controller.getResponse(TaskResource.get, { id: 2 }).data).toMatchObject({ title: 'two, renamed' });
    server.destroy();
    browser.destroy();
  });

  it('merges chunks in the order sent, whatever order the keys come in', () => {
    const chunk = (title: string) => JSON.stringify({ entities: { Task: { 1: { id: 1, title } } }, indexes: {}, endpoints: {}, meta: {}, entitiesMeta: {} });
    const resources = { [`${CHUNK_PREFIX}10`]: chunk('last'), [`${CHUNK_PREFIX}2`]: chunk('first') };
    expect(readStreamedState(resources)!.entities.Task!['1']).toEqual({ id: 1, title: 'last' });
  });

  it('keeps a "__proto__" key as data, and finds nothing on a page without chunks', () => {
    const chunk = '{"entities":{"Task":{"__proto__":{"id":"__proto__"}}},"indexes":{},"endpoints":{},"meta":{},"entitiesMeta":{}}';
    const state = readStreamedState({ [`${CHUNK_PREFIX}0`]: chunk })!;
    expect(Object.prototype.hasOwnProperty.call(state.entities.Task, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).id).toBeUndefined();
    expect(readStreamedState({})).toBeUndefined();
    expect(readStreamedState(undefined)).toBeUndefined();
  });
});
