// The store's fast paths: entities unread by any view have no signal, an empty key takes the
// write-set's maps, and a repeated visible read with nothing dispatched between is answered
// from the previous read. Each must be invisible to readers.
import { effect } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { toWriteSet } from '../../src/core/store/schemaOps.js';
import { RestEndpoint, type DataClient } from '../../src/core/index.js';
import { makeClient, Post, User } from '../client/fixtures.js';

const getUser = new RestEndpoint({ path: '/users/:id', schema: User });
const getUsers = new RestEndpoint({ path: '/groups/:group/users', schema: [User] });
const getPosts = new RestEndpoint({ path: '/blogs/:blog/posts', schema: [Post] });
const g = { group: 'g' };
const b = { blog: 'b' };

let client: DataClient;
afterEach(() => client.destroy());

const users = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `u${i + 1}`, count: 0 }));

describe('entities without views', () => {
  it('a list written into an empty store is readable, serialisable and has no watched entity', async () => {
    client = makeClient();
    await client.controller.setResponse(getUsers, g, users(50));
    const list = client.controller.getResponse(getUsers, g).data as unknown as User[];
    expect(list.map(u => u.name)).toEqual(users(50).map(u => u.name));
    expect(Object.keys(client.controller.getState().entities.User!)).toHaveLength(50);
    let watched = 0;
    contextOf(client.controller).store.entities.forEach((_k, _pk, e) => void (e.watched && watched++));
    expect(watched).toBe(0);
    expect(client.stats().entities).toBe(50);
  });

  it('a view made after the write sees the entity and re-runs on its next write only', async () => {
    client = makeClient();
    await client.controller.setResponse(getUsers, g, users(3));
    const view = client.cache(getUser, { id: 2 });
    let runs = 0;
    const stop = effect(() => {
      void view.value;
      runs++;
    });
    expect(view.value?.name).toBe('u2');
    await client.controller.setResponse(getUser, { id: 3 }, { id: 3, name: 'other', count: 1 });
    expect(runs).toBe(1);
    await client.controller.setResponse(getUser, { id: 2 }, { id: 2, name: 'Bea', count: 1 });
    expect(runs).toBe(2);
    expect(view.value?.name).toBe('Bea');
    stop();
  });

  it('a view waiting for an entity that is not stored yet sees it arrive in an adopted table', async () => {
    client = makeClient();
    const view = client.query(User, { id: 7 });
    const seen: unknown[] = [];
    const stop = effect(() => void seen.push((view.value as User | undefined)?.name));
    await client.controller.setResponse(getUsers, g, [{ id: 7, name: 'Gus', count: 0 }]);
    expect(seen).toEqual([undefined, 'Gus']);
    stop();
  });

  it('nested entities of an adopted write keep one object per entity across lists', async () => {
    client = makeClient();
    await client.controller.setResponse(getPosts, b, [
      { id: 1, title: 'a', author: { id: 1, name: 'Ann', count: 0 } },
      { id: 2, title: 'b', author: { id: 1, name: 'Ann', count: 0 } },
    ]);
    const posts = client.controller.getResponse(getPosts, b).data as unknown as Post[];
    expect(posts[0]!.author).toBe(posts[1]!.author);
  });
});

describe('repeated getResponse', () => {
  it('returns the same data while nothing is dispatched, and the new data after any write', async () => {
    client = makeClient();
    await client.controller.setResponse(getPosts, b, [{ id: 1, title: 'a', author: { id: 1, name: 'Ann', count: 0 } }]);
    const first = client.controller.getResponse(getPosts, b).data;
    expect(client.controller.getResponse(getPosts, b).data).toBe(first);
    // a write of a nested entity only: the result entry is unchanged, the data is not
    await client.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'Anna', count: 0 });
    const second = client.controller.getResponse(getPosts, b).data as unknown as Post[];
    expect(second).not.toBe(first);
    expect(second[0]!.author.name).toBe('Anna');
  });

  it('does not answer one endpoint with another endpoint read at the same key', async () => {
    client = makeClient();
    const plain = new RestEndpoint({ path: '/blogs/:blog/posts' });
    await client.controller.setResponse(getPosts, b, [{ id: 1, title: 'a', author: { id: 1, name: 'Ann', count: 0 } }]);
    const denormalized = client.controller.getResponse(getPosts, b).data as unknown as Post[];
    expect(denormalized[0]).toBeInstanceOf(Post);
    const raw = client.controller.getResponse(plain, b).data as unknown[];
    expect(raw[0]).not.toBeInstanceOf(Post);
  });
});

describe('EntityTable metas', () => {
  const m1 = { date: 1, fetchedAt: 1, expiresAt: 100 };
  const m2 = { date: 2, fetchedAt: 2, expiresAt: 50 };

  it('an adopted reply shares one meta; later writes and deletes keep each pk its own', async () => {
    const { EntityTable } = await import('../../src/core/store/EntityTable.js');
    const table = new EntityTable(new Map());
    const values = new Map<string, unknown>([['1', { id: 1 }], ['2', { id: 2 }]]);
    expect(table.adopt('User', values, new Map(), m1)).toBe(true);
    expect(table.meta('User', '1')).toBe(m1);
    expect(table.meta('User', '2')).toBe(m1);
    // the shared meta is only for pks of the table
    expect(table.meta('User', '9')).toBeUndefined();
    expect(table.adopt('User', new Map(), new Map())).toBe(false);
    table.commit('User', '2', { id: 2, name: 'b' }, m2);
    expect(table.meta('User', '2')).toBe(m2);
    expect(table.meta('User', '1')).toBe(m1);
    // an older reply only extends the expiry of the newer meta
    table.commit('User', '2', { id: 2, name: 'b' }, { date: 1, fetchedAt: 1, expiresAt: 80 });
    expect(table.meta('User', '2')).toEqual({ ...m2, expiresAt: 80 });
    // a pk written without meta has none, not the shared one
    table.commit('User', '3', { id: 3 }, undefined);
    expect(table.meta('User', '3')).toBeUndefined();
    expect(table.meta('User', '1')).toBe(m1);
    table.delete('User', '1');
    expect(table.meta('User', '1')).toBeUndefined();
    expect(table.committed('User', '1')).toBeUndefined();
    expect(table.pks('User', false)).toEqual(['2', '3']);
  });

  it('an adopted reply keeps the metas of its exceptions; without a shared meta every pk keeps its own', async () => {
    const { EntityTable } = await import('../../src/core/store/EntityTable.js');
    const table = new EntityTable(new Map());
    const values = new Map<string, unknown>([['1', { id: 1 }], ['2', { id: 2 }], ['3', { id: 3 }]]);
    expect(table.adopt('User', values, new Map([['2', m2]]), m1)).toBe(true);
    expect([table.meta('User', '1'), table.meta('User', '2'), table.meta('User', '3')]).toEqual([m1, m2, m1]);
    // a restored state brings one meta per entity (or none): no pk gets another's
    const restored = new Map<string, unknown>([['1', { id: 1 }], ['2', { id: 2 }]]);
    expect(table.adopt('Post', restored, new Map([['1', m2]]))).toBe(true);
    expect(table.meta('Post', '1')).toBe(m2);
    expect(table.meta('Post', '2')).toBeUndefined();
  });
});

describe('entity metas of a reply', () => {
  const at = (date: number, expiresAt: number) => ({ date, fetchedAt: date, expiresAt });

  it('each entity keeps its own meta when the stored one wins; the others get the reply\'s', () => {
    client = makeClient();
    const store = contextOf(client.controller).store;
    const write = (schema: unknown, data: unknown, meta: ReturnType<typeof at>) =>
      store.dispatch({ type: 'setResponse', key: undefined, writes: toWriteSet(schema, data, [], store.committed, meta), meta });
    write(User, { id: 7, name: 'Ann' }, at(5, 500));
    // a reply from a request that started earlier: User 7 was written since, so its data and its
    // whole meta stay (the reply's later expiry included)
    write([Post], [{ id: 1, title: 'a', author: { id: 7, name: 'old' } }, { id: 2, title: 'b', author: { id: 8, name: 'Bob' } }], at(2, 900));
    const { entitiesMeta } = client.controller.getState();
    expect(entitiesMeta.User).toEqual({ '7': at(5, 500), '8': at(2, 900) });
    expect(entitiesMeta.Post).toEqual({ '1': at(2, 900), '2': at(2, 900) });
    expect((client.controller.get(User, { id: 7 }) as User).name).toBe('Ann');
    // a newer reply replaces the meta of both kinds of entity
    write([Post], [{ id: 1, title: 'c', author: { id: 7, name: 'Ann2' } }], at(9, 950));
    expect(client.controller.getState().entitiesMeta.User).toEqual({ '7': at(9, 950), '8': at(2, 900) });
    expect(client.controller.getState().entitiesMeta.Post).toEqual({ '1': at(9, 950), '2': at(2, 900) });
  });
});
