import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RestEndpoint } from '../../src/core/rest/RestEndpoint.js';
import { removeLastArg } from '../../src/core/rest/removeLastArg.js';
import { fillPath } from '../../src/core/rest/path.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  // Echo every GET so each test can read the exact request line.
  server.route('GET', '/*rest', req => ({ url: req.url }));
});
afterAll(() => server.close());

const sent = async (path: string, args?: Record<string, unknown>): Promise<string> => {
  const ep = new RestEndpoint({ urlPrefix: server.url, path });
  await (ep.fetch as (a?: object) => Promise<unknown>)(args);
  return server.lastRequest!.url;
};

describe('path template tokens (sent over the wire)', () => {
  it(':name is replaced by the argument of that name', async () => {
    expect(await sent('/users/:id', { id: 42 })).toBe('/users/42');
    expect(await sent('/groups/:group/users/:id', { group: 'a', id: 'b' })).toBe('/groups/a/users/b');
  });

  it('{/:name} is optional', async () => {
    expect(await sent('/users{/:id}', {})).toBe('/users');
    expect(await sent('/users{/:id}', { id: 3 })).toBe('/users/3');
  });

  it('*name takes an array of segments joined with /', async () => {
    expect(await sent('/:owner/*path', { owner: 'me', path: ['src', 'a b.ts'] })).toBe('/me/src/a%20b.ts');
  });

  it('a wildcard value that is not an array is a TypeError naming the endpoint', async () => {
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/:owner/*path', name: 'Files.get' });
    await expect((ep.fetch as (a: object) => Promise<unknown>)({ owner: 'me', path: 'a/b' })).rejects.toThrow(
      /Files\.get: wildcard '\*path' of path '\/:owner\/\*path' must be a non-empty array/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('\\: escapes a colon; :"name" quotes a name', async () => {
    expect(await sent('/time\\:now/:id', { id: 1 })).toBe('/time:now/1');
    expect(await sent('/items/:"item id"', { 'item id': 7 })).toBe('/items/7');
  });

  it('query part: escaped \\? and bare ? mean the same; {&page=:page} is optional', async () => {
    expect(await sent('/search\\?{q=:q}{&page=:page}', { q: 'cats', page: 2 })).toBe('/search?q=cats&page=2');
    expect(await sent('/search?{q=:q}{&page=:page}', { q: 'cats', page: 2 })).toBe('/search?q=cats&page=2');
    expect(await sent('/search?{q=:q}{&page=:page}', { q: 'cats' })).toBe('/search?q=cats');
    expect(await sent('/search?{q=:q}{&page=:page}', { page: 3 })).toBe('/search?page=3');
    expect(await sent('/search?{q=:q}', {})).toBe('/search');
    // Arguments the template does not use are appended to its query part.
    expect(await sent('/search?{q=:q}', { q: 'x', sort: 'asc' })).toBe('/search?q=x&sort=asc');
  });

  it('values are percent-encoded within their segment and never change the path shape', async () => {
    expect(await sent('/users/:id', { id: 'a/b?c#d%e' })).toBe('/users/a%2Fb%3Fc%23d%25e');
    expect(server.lastRequest!.params).toEqual({ rest: 'users/a/b?c#d%e' });
    expect(await sent('/search?{q=:q}', { q: 'a&b=c' })).toBe('/search?q=a%26b%3Dc');
  });

  it('arguments not in the path go to the query string; __proto__ is an ordinary key', async () => {
    const args = JSON.parse('{"id": 1, "__proto__": "x", "b": [1, 2]}') as Record<string, unknown>;
    expect(await sent('/users/:id', args)).toBe('/users/1?__proto__=x&b=1&b=2');
    expect(server.lastRequest!.query.get('__proto__')).toBe('x');
  });

  it.each(['.', '..', '', 'x\uD800'])('%j cannot travel in a segment: TypeError naming the parameter, nothing sent', async v => {
    // The WHATWG URL parser inside fetch folds '.', '..' and their %2E forms away, '' would merge
    // two segments, and a lone surrogate has no UTF-8 form: each would change the path.
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/users/:id/posts', name: 'Post.list' });
    await expect(ep.fetch({ id: v })).rejects.toThrow(TypeError);
    await expect(ep.fetch({ id: v })).rejects.toThrow(/Post\.list: parameter 'id' of path '\/users\/:id\/posts' cannot be sent/);
    const files = new RestEndpoint({ urlPrefix: server.url, path: '/files/*path' });
    await expect(files.fetch({ path: ['a', v] })).rejects.toThrow(/parameter 'path'/);
    expect(server.requests).toHaveLength(0);
  });

  it('a missing required parameter is a TypeError naming endpoint, template and parameter', () => {
    expect(() => fillPath('/users/:id', {}, 'User.get')).toThrow(TypeError);
    expect(() => fillPath('/users/:id', { idd: 1 }, 'User.get')).toThrow("User.get: path '/users/:id' needs parameter 'id'");
  });
});

describe('removeLastArg', () => {
  it.each([
    ['/:first/:second', '/:first'],
    ['/:first', '/'],
    ['/:owner/*path', '/:owner'],
    ['/groups/:group/todos/:id', '/groups/:group/todos'],
    ['/users{/:id}', '/users'],
    ['/search\\?{q=:q}{&page=:page}', '/search\\?{q=:q}'],
    ['/search?{q=:q}', '/search'],
    ['/users/:id.json', '/users'],
  ])('%s → %s', (input, output) => {
    expect(removeLastArg(input)).toBe(output);
  });

  it('a template without parameters is a TypeError naming it', () => {
    expect(() => removeLastArg('/users')).toThrow("removeLastArg: path '/users' has no :parameter or *wildcard to remove");
  });
});
