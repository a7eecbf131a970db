// Referential identity of lookups, as data-client's memo keeps it (its memo is keyed by the entities a
// lookup read): a key equal to one the schema gave recently is that same object, so a lookup
// whose entities did not change keeps its identity even after the schema served other arguments
// or another state came and went, and the denormalize memo keyed by that object hits.
import { describe, expect, it } from 'vitest';
import { Entity, RestEndpoint, createDataClient, queryKey, schema, type DenormalizeReader } from '../../../src/core/index.js';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'MemoArticle';
}

function readerOf(t: Record<string, Record<string, unknown>>): DenormalizeReader {
  return {
    getEntity: (key, pk) => t[key]?.[pk],
    getPks: key => Object.keys(t[key] ?? {}),
    getIndex: () => undefined,
  };
}

describe('queryKey keeps the identity of a key it gave recently', () => {
  it('when the state comes back after another one (other entities changed meanwhile)', () => {
    const lookup = new schema.Object({ data: new schema.Object({ article: Article }) });
    const empty = readerOf({ MemoArticle: {} });
    const first = queryKey(lookup, ['5'], empty);
    expect(first).toEqual({ data: { article: undefined } });
    const found = queryKey(lookup, ['5'], readerOf({ MemoArticle: { '5': { id: '5', title: 'hi' } } }));
    expect(found).toEqual({ data: { article: '5' } });
    expect(found).not.toBe(first);
    // article 5 is missing again; only other entities (and other tables) differ from the first state
    expect(queryKey(lookup, ['5'], readerOf({ MemoArticle: { '500': { id: '500', title: 'x' } }, Other: { '5': {} } }))).toBe(first);
  });

  it('when one schema serves several argument lists in turn', () => {
    const lookup = { data: Article, page: 1 };
    const reader = readerOf({ MemoArticle: { '1': { id: '1', title: 'a' }, '2': { id: '2', title: 'b' } } });
    const one = queryKey(lookup, [{ id: '1' }], reader);
    const two = queryKey(lookup, [{ id: '2' }], reader);
    expect(one).toEqual({ data: '1', page: 1 });
    expect(two).toEqual({ data: '2', page: 1 });
    expect(queryKey(lookup, [{ id: '1' }], reader)).toBe(one);
    expect(queryKey(lookup, [{ id: '2' }], reader)).toBe(two);
  });

  it('so the denormalized result is the same object as well', () => {
    const lookup = { data: Article };
    const client = createDataClient();
    const getArticles = new RestEndpoint({ path: '/memo-articles', schema: [Article] });
    client.controller.setResponse(getArticles, [{ id: '1', title: 'a' }, { id: '2', title: 'b' }]);
    const read = (id: string) => client.controller.get(lookup, { id });
    const one = read('1');
    const two = read('2');
    expect(two).not.toBe(one);
    expect(read('1')).toBe(one);
    expect(read('2')).toBe(two);
    client.destroy();
  });

  it('holds a bounded number of keys per schema', () => {
    const lookup = { data: Article };
    const table: Record<string, unknown> = {};
    for (let i = 0; i < 10; i++) table[i] = { id: String(i), title: '' };
    const reader = readerOf({ MemoArticle: table });
    const first = queryKey(lookup, [{ id: '0' }], reader);
    for (let i = 1; i < 10; i++) queryKey(lookup, [{ id: String(i) }], reader);
    // the first key was pushed out by the nine after it: an equal key, but a new object
    const again = queryKey(lookup, [{ id: '0' }], reader);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
