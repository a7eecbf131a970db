// data-client 0.18 behaviour of RestEndpoint members and resource() that definitions ported from it
// rely on: list members over a schema without Collection, empty replies of direct calls, the
// delete schema over a Union, the warning for mis-capitalised options, and where a move files its item.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Collection,
  createDataClient,
  denormalize,
  Entity,
  Invalidate,
  normalize,
  resource,
  RestEndpoint,
  Union,
} from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

class Note extends Entity {
  id = '';
  text = '';
  board = '';
  pinned = false;
  static override key = 'Note';
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => server.clear());
afterAll(() => server.close());

describe('list members of an endpoint whose schema holds no Collection', () => {
  const paged = () =>
    new RestEndpoint({
      urlPrefix: server.url,
      path: '/boards/:board/notes',
      name: 'boardNotes',
      schema: { cursor: '', page: { items: [Note] } },
    });

  it.each(['push', 'unshift', 'assign', 'remove', 'move'] as const)('%s has no schema, and calling it rejects naming it before any request', async member => {
    server.route('POST', '/boards/:board/notes', () => ({ id: '1', text: 'x', board: 'a' }));
    server.route('PATCH', '/boards/:board/notes', () => ({ id: '1', text: 'x', board: 'a' }));
    const list = paged();
    const endpoint = list[member] as unknown as RestEndpoint;
    expect(endpoint.schema).toBeUndefined();
    const error = await endpoint({ board: 'a' }, { text: 'x' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(new RegExp(`^boardNotes\\.${member}: cannot be called: the schema holds no Collection`));
    expect(server.requests).toHaveLength(0);
  });

  it('through the store the call fails the same way and writes nothing', async () => {
    const client = createDataClient();
    const list = paged();
    await expect(client.controller.fetch(list.push as unknown as RestEndpoint, { board: 'a' }, { text: 'x' })).rejects.toThrow(
      /boardNotes\.push: cannot be called/,
    );
    expect(server.requests).toHaveLength(0);
    expect(client.controller.getState().entities).toEqual({});
    client.destroy();
  });

  it('a list Collection has no assign: that member has no schema and names why when called', async () => {
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/notes', name: 'notes', schema: new Collection([Note]) });
    expect(list.push.schema).toBeDefined();
    expect(list.assign.schema).toBeUndefined();
    await expect((list.assign as unknown as RestEndpoint)({ text: 'x' })).rejects.toThrow(/^notes\.assign: cannot be called: its Collection has no 'assign'/);
    expect(server.requests).toHaveLength(0);
  });

  it('getPage throws on access, naming the endpoint; with a Collection and no paginationField it is undefined', () => {
    expect(() => paged().getPage).toThrow(/^boardNotes\.getPage: schema has no Collection/);
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/notes', name: 'notes', schema: new Collection([Note]) });
    expect(list.getPage).toBeUndefined();
  });
});

describe('an empty reply (204) to an endpoint with a schema', () => {
  it('a direct call resolves to null without normalizing', async () => {
    server.route('GET', '/notes/:id', () => ({ id: '1', text: 'x', board: 'a' }));
    const Notes = resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note });
    server.next.noContent();
    await expect(Notes.get({ id: '1' })).resolves.toBeNull();
  });

  it('through the store it rejects with an error naming the entity, and the stored entity is unchanged', async () => {
    server.route('GET', '/notes/:id', () => ({ id: '1', text: 'kept', board: 'a' }));
    const Notes = resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note });
    const client = createDataClient();
    await client.controller.fetch(Notes.get, { id: '1' });
    server.next.noContent();
    await expect(client.controller.fetch(Notes.get, { id: '1' })).rejects.toThrow(/^Note: /);
    expect(client.controller.get(Note, { id: '1' })?.text).toBe('kept');
    expect(client.controller.getError(Notes.get, { id: '1' })).toBeDefined();
    client.destroy();
  });
});

describe('resource().delete over a Union', () => {
  class TextPost extends Entity {
    id = '';
    kind = 'text';
    static override key = 'TextPost';
  }
  class LinkPost extends Entity {
    id = '';
    kind = 'link';
    static override key = 'LinkPost';
  }

  it('wraps it in Invalidate, hoisting the Union members (the type field picks the entity)', () => {
    const Posts = resource({ urlPrefix: server.url, path: '/posts/:id', schema: new Union({ text: TextPost, link: LinkPost }, 'kind') });
    const del = Posts.delete.schema;
    expect(del).toBeInstanceOf(Invalidate);
    expect(del.isSingleSchema).toBe(false);
    expect(del.schema).toEqual({ text: TextPost, link: LinkPost });
    expect(new Invalidate(TextPost).isSingleSchema).toBe(true);
    expect(new Invalidate(TextPost).schema).toBe(TextPost);
    // still removes the member entity the reply names
    expect(normalize(del, { id: '7', kind: 'link' }).result).toEqual({ id: '7', schema: 'link' });
  });
});

describe('resource() options given in lower case', () => {
  it('warns in development when endpoint / collection is a RestEndpoint / Collection subclass', () => {
    class AuthedEndpoint<O extends import('../../src/core/index.js').RestGenerics = any> extends RestEndpoint<O> {}
    class NoteCollection<S extends readonly [unknown]> extends Collection<S> {}
    const warn = vi.mocked(console.warn);
    warn.mockClear();
    resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note, endpoint: AuthedEndpoint });
    resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note, collection: NoteCollection });
    const lines = warn.mock.calls.map(c => String(c[0]));
    expect(lines).toEqual([
      expect.stringMatching(/^\[rest-signals\] option-capitalization: resource\('\/notes\/:id'\): option 'endpoint' .*'Endpoint'.*AuthedEndpoint$/),
      expect.stringMatching(/^\[rest-signals\] option-capitalization: resource\('\/notes\/:id'\): option 'collection' .*'Collection'.*NoteCollection$/),
    ]);
    warn.mockClear();
    // a lower-case option that is not such a class is not this mistake
    resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note, endpoint: 'x' });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('Collection.move in the pure normalize', () => {
  it('files the item by the mutation values even when the write is older than the stored entity', () => {
    const lists = new Collection([Note]);
    const later = { fetchedAt: 0, date: 2_000, expiresAt: Infinity };
    const earlier = { fetchedAt: 0, date: 1_000, expiresAt: Infinity };
    let state = normalize(lists, [{ id: '1', text: 'a', board: 'x', pinned: true }], [{ board: 'x', pinned: 'true' }], undefined, later);
    state = normalize(lists, [{ id: '1', text: 'a', board: 'x' }], [{ board: 'x' }], state, later);
    state = normalize(lists, [{ id: '2', text: 'b', board: 'y' }], [{ board: 'y' }], state, later);
    const moved = normalize(lists.move, { id: '1', text: 'a', board: 'y', pinned: true }, [{ id: '1' }, { board: 'y', pinned: 'true' }], state, earlier);
    const read = (args: object) =>
      (denormalize(lists, lists.pk(undefined, undefined, '', [args]), moved.entities) as Note[]).map(n => n.id);
    expect(read({ board: 'x', pinned: 'true' })).toEqual([]);
    expect(read({ board: 'x' })).toEqual([]);
    expect(read({ board: 'y' })).toEqual(['2', '1']);
  });
});
