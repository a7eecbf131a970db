// The state chunks `rest-signals/solid-start` streams into Solid's hydration data, and how the
// browser merges them back into one State: each chunk carries what one store action changed (its
// size follows the change, not the store), a reset streams as a reset, and errors travel without
// their messages.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataClient, Entity, ImmortalGCPolicy, resource, type DataClient } from '../../src/core/index.js';
import { CHUNK_PREFIX, readStreamedState, streamingManager } from '../../src/solid-start/streamedState.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';

class Task extends Entity {
  id = 0;
  title = '';
  static override key = 'Task';
}
const TaskResource = resource({ urlPrefix: 'http://api.test', path: '/tasks/:id', schema: Task });

/** A server render's client, and the chunks it streamed (as Solid's hydration data holds them). */
function streamingClient(): { client: DataClient; chunks: Record<string, string>; sent: () => string[] } {
  const chunks: Record<string, string> = {};
  const sent: string[] = [];
  const client = createDataClient({
    gcPolicy: new ImmortalGCPolicy(),
    managers: [
      streamingManager(json => {
        chunks[`${CHUNK_PREFIX}${sent.length}`] = json;
        sent.push(json);
      }),
    ],
  });
  return { client, chunks, sent: () => sent };
}

const clients: DataClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.destroy();
});
const track = <T extends { client: DataClient }>(made: T): T => (clients.push(made.client), made);

describe('streamed state chunks', () => {
  it('each chunk holds what its action changed; merged they are the committed state', async () => {
    const { client, chunks, sent } = track(streamingClient());
    await client.controller.setResponse(TaskResource.getList, [{ id: 1, title: 'one' }, { id: 2, title: 'two' }]);
    expect(JSON.parse(sent()[0]!).entities.Task).toEqual({ 1: { id: 1, title: 'one' }, 2: { id: 2, title: 'two' } });
    await client.controller.setResponse(TaskResource.get, { id: 2 }, { id: 2, title: 'two, renamed' });
    const second = JSON.parse(sent()[1]!);
    expect(Object.keys(second.entities.Task)).toEqual(['2']);
    expect(Object.keys(second.endpoints)).toEqual([TaskResource.get.key({ id: 2 })]);
    await client.controller.invalidate(TaskResource.get, { id: 2 });
    expect(sent()).toHaveLength(3);

    const merged = readStreamedState({ ...chunks, unrelated: 'x' })!;
    expect(JSON.parse(JSON.stringify(merged))).toEqual(JSON.parse(JSON.stringify(client.controller.getState())));
    const browser = createDataClient({ initialState: merged });
    clients.push(browser);
    expect(browser.controller.get(Task, { id: 2 })).toMatchObject({ title: 'two, renamed' });
    expect(browser.controller.getResponse(TaskResource.get, { id: 2 }).data).toBeUndefined();
  });

  it('the bytes streamed, and serialized, grow with what changed, not with actions x state', async () => {
    const measure = async (size: number) => {
      const { client, sent } = track(streamingClient());
      await client.controller.setResponse(TaskResource.getList, Array.from({ length: size }, (_, i) => ({ id: i + 1, title: `task ${i + 1}` })));
      const before = sent().length;
      // every JSON text written while the 20 changes are applied and streamed
      let serialized = 0;
      const stringify = vi.spyOn(JSON, 'stringify').mockImplementation(((value: unknown, replacer?: never, space?: string | number) => {
        const out = original(value, replacer, space);
        serialized += out?.length ?? 0;
        return out;
      }) as typeof JSON.stringify);
      try {
        for (let i = 1; i <= 20; i++) await client.controller.setResponse(TaskResource.get, { id: i }, { id: i, title: `renamed ${i}` });
      } finally {
        stringify.mockRestore();
      }
      const streamed = sent().slice(before).reduce((n, c) => n + c.length, 0);
      return { streamed, serialized, chunks: sent().length - before };
    };
    const original = JSON.stringify;
    const small = await measure(20);
    const large = await measure(2000);
    expect(large.chunks).toBe(20);
    // the same 20 changes cost the same, whether the store holds 20 entities or 2,000 (timestamps
    // differ in length by a few digits)
    expect(large.streamed).toBeLessThan(small.streamed * 1.05);
    expect(large.serialized).toBeLessThan(small.serialized * 1.05);
    expect(large.streamed / 20).toBeLessThan(400);
  });

  it('a reset streams as a reset: the browser hydrates nothing of the session before it', async () => {
    const { client, chunks } = track(streamingClient());
    await client.controller.setResponse(TaskResource.getList, [{ id: 1, title: 'alice: secret plan' }]);
    await client.controller.setResponse(TaskResource.get, { id: 1 }, { id: 1, title: 'alice: secret plan' });
    // a 401 during the render: the app logs out, then renders the signed-out page
    await client.controller.resetEntireStore();
    await client.controller.setResponse(TaskResource.get, { id: 7 }, { id: 7, title: 'public task' });

    const merged = readStreamedState(chunks)!;
    expect(JSON.stringify(merged)).not.toContain('alice');
    const browser = createDataClient({ initialState: merged });
    clients.push(browser);
    expect(browser.controller.get(Task, { id: 1 })).toBeUndefined();
    expect(browser.controller.getResponse(TaskResource.getList).data).toBeUndefined();
    expect(browser.controller.get(Task, { id: 7 })).toMatchObject({ title: 'public task' });
    expect(JSON.parse(JSON.stringify(merged))).toEqual(JSON.parse(JSON.stringify(client.controller.getState())));
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

describe('errors in the stream', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    server.route('GET', '/reports/:id', () => reply(503, { message: 'upstream db-7.internal:5432 refused: password authentication failed for "svc"' }));
  });
  afterAll(() => server.close());

  it('carry name, status and code, never the message; the browser gets an error naming its endpoint', async () => {
    const Reports = resource({ urlPrefix: server.url, path: '/reports/:id', schema: Task });
    const { client, chunks } = track(streamingClient());
    const serverError = await client.controller.fetch(Reports.get, { id: 1 }).then(() => undefined, (e: unknown) => e as Error);
    expect(serverError?.message).toContain('db-7.internal');
    const text = Object.values(chunks).join('');
    expect(text).not.toContain('db-7.internal');
    expect(text).not.toContain('password');
    const browser = createDataClient({ initialState: readStreamedState(chunks)! });
    clients.push(browser);
    const error = browser.controller.getError(Reports.get, { id: 1 }) as Error & { status?: number };
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'NetworkError', status: 503 });
    expect(error.message).toBe(`${Reports.get.key({ id: 1 })}: NetworkError (status 503) on the server`);
  });
});
