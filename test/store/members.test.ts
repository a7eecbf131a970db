// membersOf: a list signal that changes only on membership (added, removed, reordered entities),
// over a real list endpoint on the loopback server; sameMembers on its own.
import { computed, effect, signal } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Entity, membersOf, resource, sameMembers, type DataClient } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { makeClient } from '../client/fixtures.js';

class Author extends Entity {
  id = '';
  name = '';
  static override key = 'Author';
}
class Article extends Entity {
  id = '';
  title = '';
  author = Author.fromJS();
  static override key = 'Article';
  static override schema = { author: Author };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `a${i}`, title: `title ${i}`, author: { id: `u${i % 10}`, name: `author ${i % 10}` } }));

let server: TestServer;
let client: DataClient;
let api: ReturnType<typeof makeApi>;
const makeApi = () => resource({ urlPrefix: server.url, path: '/articles/:id', schema: Article });
beforeEach(async () => {
  server = await createTestServer();
  server.resource('/articles', rows(300));
  client = makeClient();
  api = makeApi();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

describe('membersOf', () => {
  it('keeps its array while fields of members change; changes on add and remove', async () => {
    await client.controller.fetch(api.getList);
    const members = membersOf(client.cache(api.getList));
    const row = client.query(Article, 'a5');
    let listRuns = 0;
    let shown: Article[] | undefined;
    const stopList = effect(() => {
      shown = members.value;
      listRuns++;
    });
    let rowShown: Article | undefined;
    const stopRow = effect(() => {
      rowShown = row.value;
    });
    const first = shown!;
    expect(first).toHaveLength(300);

    await client.controller.fetch(api.partialUpdate, { id: 'a5' }, { title: 'patched' });
    expect(rowShown?.title).toBe('patched');
    client.controller.setResponse(api.get, { id: 'a6' }, { id: 'a6', title: 'local', author: { id: 'u6', name: 'Six' } });
    expect(listRuns).toBe(1);
    expect(shown).toBe(first);
    // the rows' own views are current (the nested author of a6 too)
    expect(client.query(Article, 'a6').value?.author.name).toBe('Six');

    await client.controller.fetch(api.getList.push, { title: 'new' });
    expect(listRuns).toBe(2);
    expect(shown).toHaveLength(301);
    // after a membership change the array shows every entity as it is now
    expect(shown!.find(a => a.id === 'a5')?.title).toBe('patched');

    await client.controller.fetch(api.delete, { id: 'a0' });
    expect(listRuns).toBe(3);
    expect(shown!.map(a => a.id)).not.toContain('a0');
    expect(new Set(shown!.map(a => a.id)).size).toBe(shown!.length);
    stopList();
    stopRow();
    expect(client.stats().watchedViews).toBe(0);
  });

  it('passes a source error through and recovers', async () => {
    const failing = new Error('source failed');
    const fail = signal(true);
    const m = membersOf(computed(() => {
      if (fail.value) throw failing;
      return [1, 2];
    }));
    expect(() => m.value).toThrow(failing);
    fail.value = false;
    expect(m.value).toEqual([1, 2]);
  });
});

describe('sameMembers', () => {
  const a1 = Article.fromJS({ id: 'a1', title: 'one' });
  const a1b = Article.fromJS({ id: 'a1', title: 'one, renamed' });
  const a2 = Article.fromJS({ id: 'a2', title: 'two' });
  const u1 = Author.fromJS({ id: 'a1' });

  it('compares entities by class and pk, in order', () => {
    expect(sameMembers([a1, a2], [a1b, a2])).toBe(true);
    expect(sameMembers([a1, a2], [a2, a1])).toBe(false);
    expect(sameMembers([a1], [a1, a2])).toBe(false);
    expect(sameMembers([a1], [u1])).toBe(false);
    expect(sameMembers([{ id: 'a1' }], [{ id: 'a1' }])).toBe(false);
    expect(sameMembers(undefined, [a1])).toBe(false);
  });

  it('compares a page object field by field, one level deep', () => {
    expect(sameMembers({ results: [a1], next: 'x' }, { results: [a1b], next: 'x' })).toBe(true);
    expect(sameMembers({ results: [a1], next: 'x' }, { results: [a1b], next: 'y' })).toBe(false);
    expect(sameMembers({ results: [a1] }, { results: [a1], extra: 1 })).toBe(false);
    const hostile = JSON.parse('{"__proto__": [1], "results": []}') as Record<string, unknown>;
    expect(sameMembers(hostile, { results: [] })).toBe(false);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
