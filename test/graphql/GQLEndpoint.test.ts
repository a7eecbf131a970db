// `rest-signals/graphql` as `@data-client/graphql` 0.18: a POST of `{ query, variables }`, the
// reply's `data` normalized by the schema into the same store as REST endpoints, `errors` raised
// as a GQLNetworkError; against the loopback server's `/graphql` route.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, createDataClient, Entity, GQLEndpoint, GQLEntity, GQLNetworkError, NetworkManager, OnlineManager, persist, resource, type DataClient } from '../../src/graphql/index.js';
import { isRetryable } from '../../src/core/controller/retry.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { GraphQLFailure, graphqlRoute } from '../server/graphql.js';

class User extends GQLEntity {
  login = '';
  name = '';
}
class Repo extends Entity {
  id = 0;
  fullName = '';
  owner = User.fromJS();
  static override schema = { owner: User };
}

const users: Record<string, { id: string; login: string; name: string }> = {
  ann: { id: 'u1', login: 'ann', name: 'Ann' },
};

let server: TestServer;
let client: DataClient;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  client = createDataClient();
  graphqlRoute(server, {
    User: ({ login }) => {
      const user = users[String(login)];
      if (!user) throw new GraphQLFailure(`no user ${String(login)}`, ['user']);
      return { user };
    },
    Rename: ({ id, name }) => ({ rename: { id, login: 'ann', name } }),
  });
  return () => client.destroy();
});
afterAll(() => server.close());

describe('GQLEndpoint', () => {
  it('POSTs { query, variables } as JSON and normalizes the reply data by the schema', async () => {
    const gql = new GQLEndpoint(`${server.url}/graphql`);
    const getUser = gql.query(
      `query User($login: String!) {
        user(login: $login) { id login name }
      }`,
      { user: User },
    );
    const { user } = await client.controller.fetch(getUser, { login: 'ann' });
    expect(user).toBeInstanceOf(User);
    expect(user.name).toBe('Ann');
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.json).toEqual({ query: 'query User($login: String!) { user(login: $login) { id login name } }', variables: { login: 'ann' } });
    // one store: the entity is there for every reader
    expect(client.controller.get(User, { id: 'u1' })?.login).toBe('ann');
    expect(getUser.key({ login: 'ann' })).toBe('query User($login: String!) { user(login: $login) { id login name } } {"login":"ann"}');
    expect(getUser.name).toBe('GQL User');
  });

  it('a mutation is a side effect whose reply updates the stored entity', async () => {
    const gql = new GQLEndpoint(`${server.url}/graphql`);
    const getUser = gql.query(`query User($login: String!) { user(login: $login) { id login name } }`, { user: User });
    const rename = gql.mutation((v: { id: string; name: string }) => `mutation Rename($id: ID!, $name: String!) { rename(id: "${v.id}", name: $name) { id login name } }`, { rename: User });
    expect(rename.sideEffect).toBe(true);
    expect(getUser.sideEffect).toBeUndefined();
    await client.controller.fetch(getUser, { login: 'ann' });
    await client.controller.fetch(rename, { id: 'u1', name: 'Annie' });
    expect(client.controller.getResponse(getUser, { login: 'ann' }).data?.user.name).toBe('Annie');
  });

  it('errors in the reply reject with a GQLNetworkError naming the endpoint, holding every error', async () => {
    const getUser = new GQLEndpoint(`${server.url}/graphql`).query(`query User($login: String!) { user(login: $login) { id } }`, { user: User });
    const error = await client.controller.fetch(getUser, { login: 'nobody' }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(GQLNetworkError);
    const gqlError = error as GQLNetworkError;
    expect(gqlError.name).toBe('NetworkError');
    expect(gqlError.status).toBe(400);
    expect(gqlError.message).toBe('GQL User: no user nobody');
    expect(gqlError.errors[0]?.path).toEqual(['user']);
    expect(client.controller.getError(getUser, { login: 'nobody' })).toBe(error);
  });

  it('a non-2xx reply with errors, and a server endpoint without a query, are clear errors', async () => {
    const gql = new GQLEndpoint(`${server.url}/graphql`);
    await expect(client.controller.fetch(gql.query(`query Missing { x }`), {})).rejects.toThrow(/GQL Missing: unknown operation Missing/);
    expect(() => gql.key({})).toThrow(new TypeError(`GQL ${server.url}/graphql: this endpoint has no query: make one with .query(text, schema) or .mutation(text, schema)`));
  });

  it('definition files mixing REST and GraphQL share one store', async () => {
    server.route('GET', '/repos/:id', req => ({ id: Number(req.params.id), fullName: 'ann/x', owner: { id: 'u1', login: 'ann', name: 'Ann (REST)' } }));
    const RepoResource = resource({ urlPrefix: server.url, path: '/repos/:id', schema: Repo });
    const getUser = new GQLEndpoint(`${server.url}/graphql`).query(`query User($login: String!) { user(login: $login) { id login name } }`, { user: User });
    await client.controller.fetch(RepoResource.get, { id: 1 });
    expect(client.controller.get(User, { id: 'u1' })?.name).toBe('Ann (REST)');
    await client.controller.fetch(getUser, { login: 'ann' });
    expect(client.controller.getResponse(RepoResource.get, { id: 1 }).data?.owner.name).toBe('Ann');
  });

  it('extend and getHeaders: a subclass or an option adds headers', async () => {
    const gql = new GQLEndpoint(`${server.url}/graphql`, { getHeaders: headers => ({ ...headers, authorization: 'Bearer t' }) });
    const getUser = gql.query(`query User($login: String!) { user(login: $login) { id } }`, { user: User });
    await client.controller.fetch(getUser, { login: 'ann' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer t');
    expect(getUser).toBeInstanceOf(GQLEndpoint);
  });
});

describe('GQLEndpoint requests and keys', () => {
  const getUser = () => new GQLEndpoint(`${server.url}/graphql`).query(`query User($login: String!) { user(login: $login) { id login name } }`, { user: User });

  it('retries a 5xx reply (a GQLNetworkError has no response) as the endpoint asks', async () => {
    server.when('POST', '/graphql', { times: 2 }).status(503, { message: 'busy' });
    const { user } = await client.controller.fetch(getUser().extend({ retry: 2, retryDelay: 0 }), { login: 'ann' });
    expect(user.name).toBe('Ann');
    expect(server.requests).toHaveLength(3);
  });

  it('a connection that gets no reply is a ConnectionError, retried whether or not the platform error has a cause', async () => {
    server.next.drop();
    const error = await client.controller.fetch(getUser(), { login: 'ann' }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 500, method: 'POST', url: `${server.url}/graphql` });
    server.next.drop();
    const { user } = await client.controller.fetch(getUser().extend({ retry: 1, retryDelay: 0 }), { login: 'ann' });
    expect(user.login).toBe('ann');
    // a browser's `TypeError: Failed to fetch` has no cause: wrapped, it is still a failure with no reply
    expect(isRetryable(new ConnectionError('POST', '/graphql', new TypeError('Failed to fetch')))).toBe(true);
    // a GraphQL error (status 400) is the server's answer, never retried
    expect(isRetryable(new GQLNetworkError([{ message: 'no' }]))).toBe(false);
  });

  it('variables in another order are one cache key and one request', async () => {
    server.route('POST', '/search', () => ({ data: { search: [] } }));
    const search = new GQLEndpoint(`${server.url}/search`).query(`query Search($q: String!, $first: Int, $filter: Filter) { search(q: $q, first: $first, filter: $filter) { id } }`);
    const a = { q: 'ann', first: 2, filter: { kind: 'user', active: true } };
    const b = { filter: { active: true, kind: 'user' }, first: 2, q: 'ann' };
    expect(search.key(b)).toBe(search.key(a));
    await Promise.all([client.controller.fetch(search, a), client.controller.fetch(search, b)]);
    expect(server.requests).toHaveLength(1);
    expect(client.controller.getResponse(search, b).data).toEqual({ search: [] });
  });

  it('testKey of a query given as a function matches the keys it made, whatever the variables', async () => {
    const byFields = new GQLEndpoint(`${server.url}/graphql`).query(
      (v: { login: string; fields: string }) => `query User($login: String!) { user(login: $login) { id ${v.fields} } }`,
      { user: User },
    );
    const key = byFields.key({ login: 'ann', fields: 'login name' });
    expect(byFields.testKey(key)).toBe(true);
    expect(byFields.testKey(byFields.key({ login: 'ann', fields: 'name' }))).toBe(true);
    expect(byFields.testKey(getUser().key({ login: 'ann' }))).toBe(false);
    expect(getUser().testKey(byFields.key({ login: 'ann', fields: 'name' }))).toBe(false);
    await client.controller.fetch(byFields, { login: 'ann', fields: 'login name' });
    await client.controller.invalidateAll({ testKey: k => byFields.testKey(k) });
    expect(client.controller.getResponse(byFields, { login: 'ann', fields: 'login name' }).data).toBeUndefined();
  });
});

describe('GraphQL mutations paused offline and persisted', () => {
  const warnSpy = vi.spyOn(console, 'warn');
  afterEach(() => warnSpy.mockClear());

  it('two anonymous mutations on one URL share a name: neither is stored, loudly, so neither restores as the other', async () => {
    const gql = new GQLEndpoint(`${server.url}/graphql`);
    const rename = gql.mutation(`mutation { rename { id } }`);
    const remove = gql.mutation(`mutation { remove { id } }`);
    const online = new OnlineManager({ source: () => () => {}, offlineSource: () => () => {}, isOnline: () => false });
    const offline = createDataClient({ managers: [new NetworkManager(), online] });
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
    const p = persist(offline, { storage, resources: [rename, remove], throttleMs: 0 });
    expect(warnSpy.mock.calls.map(c => String(c[0]))).toEqual([expect.stringMatching(new RegExp(`persist-duplicate-name: .*GQL ${server.url}/graphql`))]);
    warnSpy.mockClear();
    await p.restored;
    void offline.controller.fetch(remove, {}).catch(() => {});
    await p.flush();
    expect(warnSpy.mock.calls.map(c => String(c[0]))).toEqual([expect.stringMatching(/persist-mutation-unstorable: .*is not stored: another endpoint in resources is also/)]);
    warnSpy.mockClear();
    expect(JSON.parse((await storage.getItem('rest-signals'))!).paused).toEqual([]);
    offline.destroy();
  });
});
