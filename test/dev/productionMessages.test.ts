// Development-only messages sit behind `process.env.NODE_ENV !== 'production'` at their call
// sites. Under a production NODE_ENV the errors keep a short code and their subject (the endpoint,
// manager or option), and the development warnings are silent. The bundle side (a bundler's
// define strips the long texts) is checked in test/package/bundleSize.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataClient, GCPolicy, ImmortalGCPolicy, LogoutManager, RestEndpoint, type DataClient } from '../../src/core/index.js';

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
  ] as const)('%s', async (_name, fn, production, development) => {
    expect(await messageUnder('production', fn)).toBe(production);
    expect(await messageUnder('development', fn)).toMatch(development);
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
