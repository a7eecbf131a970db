// Development-only messages sit behind `process.env.NODE_ENV !== 'production'` at their call
// sites. Under a production NODE_ENV the errors keep a short code and their subject (the endpoint,
// manager or option), and the development warnings are silent. The bundle side (a bundler's
// define strips the long texts) is checked in test/package/bundleSize.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Collection,
  createDataClient,
  Entity,
  GCPolicy,
  ImmortalGCPolicy,
  Invalidate,
  LogoutManager,
  normalize,
  Query,
  removeLastArg,
  resource,
  RestEndpoint,
  Union,
  type DataClient,
} from '../../src/core/index.js';

let saved: string | undefined;
let client: DataClient;
beforeEach(() => {
  saved = process.env.NODE_ENV;
  client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
});
afterEach(() => {
  process.env.NODE_ENV = saved;
  client.destroy();
  vi.restoreAllMocks();
});

const noPoll = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/articles/:id', name: 'getArticle' });

/**
 * The message `fn` throws (or its promise rejects with) with NODE_ENV set to `env`; a method
 * that returns a promise builds its error synchronously, while `env` is set, and rejects with it.
 */
async function messageUnder(env: string, fn: () => unknown): Promise<string> {
  process.env.NODE_ENV = env;
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    return (error as Error).message;
  } finally {
    process.env.NODE_ENV = saved;
  }
  if (result instanceof Promise) {
    const error = await result.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (error !== undefined) return (error as Error).message;
  }
  throw new Error('expected a throw');
}

describe('production errors keep a code and their subject', () => {
  it.each([
    ['subscribe without pollFrequency', () => client.controller.subscribe(noPoll, { id: 1 }), 'subscribe: getArticle bad-option pollFrequency', /getArticle needs option pollFrequency/],
    ['a missing path parameter', () => noPoll.url({} as never), "getArticle: missing-param 'id' of '/articles/:id'", /getArticle: path '\/articles\/:id' needs parameter 'id'/],
    ['invalidateAll without testKey', () => client.controller.invalidateAll({} as never), 'invalidateAll: bad-option testKey', /must be a function/],
    ['GCPolicy intervalMS', () => new GCPolicy({ intervalMS: -1 }), 'GCPolicy: bad-option intervalMS', /must be a positive number, got -1/],
    ['LogoutManager handleLogout', () => new LogoutManager({ handleLogout: 3 as never }), 'LogoutManager: bad-option handleLogout', /must be a function, got number/],
    ['createDataClient managers', () => createDataClient({ managers: {} as never }), 'createDataClient: bad-option managers', /must be an array/],
    ['initialState', () => createDataClient({ initialState: { entities: { User: 3 } } as never }), 'createDataClient: bad-option initialState.entities["User"]', /must be an object, got 3/],
    ['snapshot.abort (never shown: the layer is skipped)', () => { throw client.controller.snapshot().abort; }, 'snapshot.abort', /getOptimisticResponse skipped its optimistic update/],
  ] as const)('%s', async (_name, fn, production, development) => {
    expect(await messageUnder('production', fn)).toBe(production);
    expect(await messageUnder('development', fn)).toMatch(development);
  });

  class User extends Entity {
    id = 0;
  }
  class Keyless extends Entity {
    static override key = '';
  }
  const users = () => resource({ urlPrefix: 'http://127.0.0.1:9', path: '/users/:id', schema: User });

  it.each([
    ['resource without a path', () => resource({ path: 3 as never, schema: User }), 'resource: bad-option path', /option 'path' must be a path template string, got 3/],
    ['resource without a schema', () => resource({ path: '/users/:id' } as never), "resource: bad-option schema of '/users/:id'", /option 'schema' is required/],
    ['resource.extend of no member', () => users().extend({ nope: {} } as never), 'resource.extend: no-member nope', /'nope' is not a member; use extend\('nope', options\)/],
    ['resource.extend of neither', () => users().extend(3 as never), 'resource.extend: bad-argument', /expected a function, a member name, or an object/],
    ['an Entity class without a name', () => (class extends Entity {}).key, 'Entity: no-key', /no usable name \(anonymous or minified\)/],
    ['an Entity class with a minified name', () => (class e extends Entity {}).key, 'Entity "e": no-key', /minified builds rename classes/],
    ['an Entity class with an empty static key', () => normalize(Keyless, { id: 1 }), 'Entity "Keyless": no-key', /"static key" must be a non-empty string/],
    ['Query over no queryable', () => new Query(3 as never), 'Query: bad-argument', /queryable must be a schema with a queryKey/],
    ['Invalidate over no entity', () => new Invalidate(3 as never), 'Invalidate: bad-argument', /must be an Entity class/],
    ['Collection over no list', () => new Collection(3 as never), 'Collection: bad-argument', /schema must be \[Item\]/],
    ['Collection nonFilterArgumentKeys', () => new Collection([User], { nonFilterArgumentKeys: 3 as never }), 'Collection: bad-option nonFilterArgumentKeys', /must be a string\[\], a RegExp or a function/],
    ['Union schemaAttribute', () => new Union({ user: User }, 3 as never), 'Union: bad-option schemaAttribute', /must be a field name or a function; got number/],
    ['removeLastArg without a parameter', () => removeLastArg('/users'), "removeLastArg: no-param '/users'", /has no :parameter or \*wildcard to remove/],
    ['a list literal of several schemas', () => normalize([User, User] as never, [{ id: 1 }]), '[User]: bad-list-schema; got [{"id":1}]', /a list literal takes one item schema, got 2/],
    ['a path value that cannot be sent', () => noPoll.url({ id: '' }), "getArticle: bad-param 'id' of '/articles/:id'", /an empty value, which would merge two segments/],
  ] as const)('%s', async (_name, fn, production, development) => {
    expect(await messageUnder('production', fn)).toBe(production);
    expect(await messageUnder('development', fn)).toMatch(development);
  });

  it('a list member of an endpoint with no Collection', async () => {
    const push = () => (new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/notes', schema: [User], name: 'notes' }).push as unknown as (b: object) => Promise<unknown>)({});
    expect(await messageUnder('production', push)).toBe('notes.push: no-collection');
    expect(await messageUnder('development', push)).toMatch(/^notes\.push: cannot be called: the schema holds no Collection/);
  });

  it('a development warning is silent in production and printed otherwise', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { shouldRetry } = await import('../../src/core/controller/retry.js');
    const endpoint = { name: 'getX', retry: -1 as never };
    // no reply at all (what a refused connection gives): retryable, so the option is read
    const err = new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') });
    process.env.NODE_ENV = 'production';
    expect(shouldRetry(endpoint, 1, err)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    process.env.NODE_ENV = 'development';
    expect(shouldRetry(endpoint, 1, err)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('getX: option retry must be'));
  });
});
