// One normalize and one denormalize: the pure functions, a direct endpoint call and the store all
// run the same walk, so they build the same values (the store showing `undefined` where the pure
// `denormalize` gives data-client's `INVALID`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, Invalidate, RestEndpoint } from '../../src/core/index.js';
import { denormalize, INVALID, normalize } from '../../src/normalizr/index.js';
import { EMPTY_READER, normalizeToWriteSet } from '../../src/core/schema/normalizeToWriteSet.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { Person, Post, User } from './fixtures.js';

const reply = [
  { id: 1, title: 'a', author: { id: 7, name: 'Ann' }, createdAt: '2024-01-01T00:00:00.000Z' },
  { id: 2, title: 'b', author: { id: 7, name: 'Ann' }, createdAt: '2024-01-02T00:00:00.000Z' },
];
const META = { date: 1, fetchedAt: 1, expiresAt: Infinity };

/** The write-set's Maps as data-client-shaped records, to compare with the pure `normalize`. */
function records(entities: Map<string, Map<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries([...entities].map(([key, byPk]) => [key, Object.fromEntries(byPk)]));
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  server.resource('/posts', reply);
  server.route('GET', '/people', () => [{ id: 'a', name: 'A', friends: [{ id: 'b', name: 'B', friends: [{ id: 'a', name: 'A', friends: [] }] }] }]);
});
afterAll(() => server.close());

describe('one normalize, one denormalize', () => {
  it('the pure normalize writes what the store\'s write-set holds', () => {
    const pure = normalize([Post], reply, [], undefined, META);
    const store = normalizeToWriteSet([Post], reply, [], EMPTY_READER, META);
    expect(pure.result).toEqual(store.result);
    expect({ ...pure.entities }).toEqual(records(store.entities));
  });

  it('the pure denormalize builds what the store shows, and a direct call resolves to it', async () => {
    const getPosts = new RestEndpoint({ urlPrefix: server.url, path: '/posts', schema: [Post] });
    const { result, entities } = normalize([Post], reply);
    const pure = denormalize([Post], result, entities) as Post[];
    const client = createDataClient();
    client.controller.setResponse(getPosts, reply);
    const shown = client.controller.getResponse(getPosts).data as Post[];
    const direct = (await getPosts()) as Post[];
    for (const posts of [shown, direct]) {
      expect(posts).toEqual(pure);
      expect(posts.map(p => p instanceof Post && p.author instanceof User)).toEqual([true, true]);
      // one object per entity within one call
      expect(posts[0]!.author).toBe(posts[1]!.author);
    }
    client.destroy();
  });

  it('cycles build one object per entity, in the pure call, the store and a direct call', async () => {
    const getPeople = new RestEndpoint({ urlPrefix: server.url, path: '/people', schema: [Person] });
    const direct = (await getPeople()) as Person[];
    const { result, entities } = normalize([Person], await (await fetch(`${server.url}/people`)).json());
    const pure = denormalize([Person], result, entities) as Person[];
    for (const people of [direct, pure]) {
      expect(people[0]!.friends[0]!.friends[0]).toBe(people[0]);
    }
  });

  it('a deleted entity: INVALID from the pure denormalize, missing through the store', () => {
    const { entities } = normalize(new Invalidate(User), { id: 3 });
    expect(denormalize(User, '3', entities)).toBe(INVALID);
    const getUsers = new RestEndpoint({ urlPrefix: server.url, path: '/users', schema: [User] });
    const client = createDataClient();
    client.controller.setResponse(getUsers, [{ id: 3, name: 'C' }]);
    client.controller.setResponse(new RestEndpoint({ urlPrefix: server.url, path: '/users/:id', method: 'DELETE', schema: new Invalidate(User) }), { id: 3 }, { id: 3 });
    expect(client.controller.getResponse(getUsers).data).toEqual([]);
    expect(client.controller.get(User, 3)).toBeUndefined();
    client.destroy();
  });
});
