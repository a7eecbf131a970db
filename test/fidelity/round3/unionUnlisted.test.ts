// A Union value whose type is not listed passes through the store with a development warning, as
// data-client's polymorphic schemas do, instead of rejecting the whole reply: real event feeds add
// types before the app declares them.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataClient, Entity, resource, Union, type DataClient } from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';

class PushEvent extends Entity {
  id = '';
  type = 'PushEvent';
  commits = 0;
}
class IssueEvent extends Entity {
  id = '';
  type = 'IssuesEvent';
  title = '';
}
const event = new Union({ PushEvent, IssuesEvent: IssueEvent }, 'type');

let server: TestServer;
let client: DataClient;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  client = createDataClient();
  return () => client.destroy();
});
afterAll(() => server.close());

describe('a Union value of an unlisted type', () => {
  it('passes through the store with a warning naming the Union and the type; the listed ones are entities', async () => {
    server.route('GET', '/events', () => [
      { id: '1', type: 'PushEvent', commits: 3 },
      { id: '2', type: 'WatchEvent', action: 'started' },
      { id: '3', type: 'IssuesEvent', title: 'bug' },
    ]);
    const Events = resource({ urlPrefix: server.url, path: '/events/:id', schema: event });
    const warn = vi.mocked(console.warn).mockImplementation(() => {});
    const list = await client.controller.fetch(Events.getList);
    expect(list).toHaveLength(3);
    expect(list[0]).toBeInstanceOf(PushEvent);
    expect(list[1]).toEqual({ id: '2', type: 'WatchEvent', action: 'started' });
    expect(list[2]).toBeInstanceOf(IssueEvent);
    expect(client.controller.get(PushEvent, { id: '1' })?.commits).toBe(3);
    const lines = warn.mock.calls.map(call => String(call[0]));
    expect(lines[0]).toBe(
      '[rest-signals] union-type-unlisted: Union(PushEvent;IssueEvent): no member for type "WatchEvent" (declared: "PushEvent", "IssuesEvent"); the value is kept as it came: {"id":"2","type":"WatchEvent","action":"started"}',
    );
    // reading the stored list again prints nothing more
    warn.mockClear();
    expect(client.controller.getResponse(Events.getList).data).toHaveLength(3);
    expect(client.controller.getResponse(Events.getList).data?.[1]).toEqual({ id: '2', type: 'WatchEvent', action: 'started' });
    expect(warn).not.toHaveBeenCalled();
    warn.mockClear();
  });

  it('a value that is not an object is still refused, naming the Union', async () => {
    server.route('GET', '/events', () => ['PushEvent']);
    const Events = resource({ urlPrefix: server.url, path: '/events/:id', schema: event });
    await expect(client.controller.fetch(Events.getList)).rejects.toThrow(/Union\(PushEvent;IssueEvent\): expected an object/);
  });
});
