// mockInitialState: the committed state a client would hold after the fixtures' replies.
import { describe, expect, it } from 'vitest';
import { createDataClient, NetworkError } from '../../src/core/index.js';
import { mockInitialState } from '../../src/test/index.js';
import { seed, Todo, TodoResource } from './resources.js';

describe('mockInitialState', () => {
  it('holds the normalized replies, so a client started from it shows them without a request', async () => {
    const state = mockInitialState([
      { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: seed().filter(t => t.userId === 1) },
      { endpoint: TodoResource.get, args: [{ id: 3 }], response: () => seed()[2]! },
    ]);
    expect(Object.keys(state.entities.Todo!).sort()).toEqual(['1', '2', '3']);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state); // plain JSON, as for SSR
    const client = createDataClient({ initialState: state });
    const list = client.controller.getResponse(TodoResource.getList, { userId: 1 }).data;
    expect(list?.map(t => t.title)).toEqual(['Write fixtures', 'Mock the client']);
    expect(list?.[0]).toBeInstanceOf(Todo);
    // fresh data: fetchIfStale answers from the store (the URL is unreachable, so a request would fail)
    expect((await client.controller.fetchIfStale(TodoResource.get, { id: 3 })).title).toBe('Render a component');
    client.destroy();
  });

  it('records error fixtures as errors (a { status } as a NetworkError)', () => {
    const state = mockInitialState([{ endpoint: TodoResource.get, args: [{ id: 9 }], response: { status: 404 }, error: true }]);
    const client = createDataClient({ initialState: state });
    const error = client.controller.getError(TodoResource.get, { id: 9 });
    expect(error?.message).toMatch(/404/);
    expect(state.meta['GET http://127.0.0.1:9/api/todos/9']?.error).toMatchObject({ name: NetworkError.name, status: 404 });
    client.destroy();
  });

  it('a reply that does not fit the schema throws the schema error naming the entity', () => {
    expect(() => mockInitialState([{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { title: 'no id' } }])).toThrow(/Todo/);
  });
});
