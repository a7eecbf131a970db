// A row's view of an entity its list already built (`client.query(Entity, pk)`, what `useEntity`
// reads) takes the cached value without a denormalize, and still follows every cell that value
// depends on. The work is counted through the entity classes' `denormalize`.
import { effect } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { Entity, RestEndpoint, createDataClient, type DataClient } from '../../src/core/index.js';

type DenormalizeArgs = Parameters<typeof Entity.denormalize>;

class Author extends Entity {
  id = '';
  name = '';
  static override key = 'CachedAuthor';
}
class Article extends Entity {
  id = '';
  title = '';
  author = Author.fromJS();
  static override key = 'CachedArticle';
  static override schema = { author: Author };
}

const getList = new RestEndpoint({ path: '/cached-articles', schema: [Article] });
const getArticle = new RestEndpoint({ path: '/cached-articles/:id', schema: Article });
const rows = Array.from({ length: 100 }, (_, i) => ({ id: `a${i}`, title: `title ${i}`, author: { id: `u${i % 5}`, name: `author ${i % 5}` } }));

/**
 * How many times `denormalize` of Article or Author runs while `fn` runs. Entity's own method is
 * wrapped (the classes still inherit it, as an app's entities do).
 */
function countDenormalize(fn: () => void): number {
  let n = 0;
  const own = Object.getOwnPropertyDescriptor(Entity, 'denormalize')!;
  const orig = Entity.denormalize;
  Entity.denormalize = function (this: typeof Entity, ...args: DenormalizeArgs) {
    if (this === Article || this === Author) n++;
    return orig.apply(this, args);
  } as typeof Entity.denormalize;
  try {
    fn();
  } finally {
    Object.defineProperty(Entity, 'denormalize', own);
  }
  return n;
}

let client: DataClient;
afterEach(() => client.destroy());

describe('client.query of an entity its list built', () => {
  it('is read from the cache without a denormalize, and follows the entity and its nested entity', () => {
    client = createDataClient();
    client.controller.setResponse(getList, rows);
    const list = client.cache(getList);
    const stopList = effect(() => void list.value);
    const shown = list.value!;

    let row: Article | undefined;
    let runs = 0;
    let stopRow = () => {};
    const work = countDenormalize(() => {
      const view = client.query(Article, 'a7');
      stopRow = effect(() => {
        row = view.value;
        runs++;
      });
    });
    expect(work).toBe(0);
    expect(row).toBe(shown[7]);

    // the row follows its entity...
    client.controller.setResponse(getArticle, { id: 'a7' }, { ...rows[7], title: 'seven, new' });
    expect(row?.title).toBe('seven, new');
    expect(runs).toBe(2);
    // ...and the nested author it shows (a dep of the cached value)
    client.controller.setResponse(getArticle, { id: 'a12' }, { ...rows[12], author: { id: 'u2', name: 'renamed' } });
    expect(row?.author.name).toBe('renamed');
    expect(runs).toBe(3);
    stopRow();
    stopList();
  });

  it('by its primary key alone it infers nothing either: no queryKey, no denormalize', () => {
    client = createDataClient();
    client.controller.setResponse(getList, rows);
    const list = client.cache(getList);
    const stopList = effect(() => void list.value);
    let inferred = 0;
    const own = Object.getOwnPropertyDescriptor(Entity, 'queryKey')!;
    const orig = Entity.queryKey;
    Entity.queryKey = function (this: typeof Entity, ...args: Parameters<typeof Entity.queryKey>) {
      if (this === Article) inferred++;
      return orig.apply(this, args);
    } as typeof Entity.queryKey;
    let row: Article | undefined;
    let work: number;
    try {
      work = countDenormalize(() => {
        row = client.query(Article, 'a9').value;
      });
    } finally {
      Object.defineProperty(Entity, 'queryKey', own);
    }
    expect(work).toBe(0);
    expect(inferred).toBe(0);
    expect(row).toBe(list.value![9]);
    // a pk the store does not hold: the query answers as before
    expect(client.query(Article, 'nope').value).toBeUndefined();
    stopList();
  });

  it('denormalizes as usual when nothing cached it', () => {
    client = createDataClient();
    client.controller.setResponse(getArticle, { id: 'a3' }, rows[3]);
    let row: Article | undefined;
    const work = countDenormalize(() => {
      row = client.query(Article, { id: 'a3' }).value;
    });
    expect(work).toBeGreaterThan(0);
    expect(row?.title).toBe('title 3');
  });
});
