// What a deleted (or invalid) entity denormalizes to: data-client's `INVALID` in the pure
// functions, and nothing (an undefined field, a dropped row) in the store's reads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Entity,
  INVALID,
  Scalar,
  createDataClient,
  denormalize,
  type DenormalizeReader,
} from '../../src/core/index.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

class Author extends Entity {
  id = '';
  name = '';
  static override key = 'Author';
}
/** `writer` is required (an instance default); `editor` is optional (undefined default). */
class Chapter extends Entity {
  id = '';
  heading = '';
  writer: Author = Author.fromJS();
  editor: Author | undefined = undefined;
  static override key = 'Chapter';
  static override schema = { writer: Author, editor: Author };
}
class Checked extends Entity {
  id = '';
  name = '';
  static override key = 'Checked';
  static override validate(stored: Record<string, unknown>): string | undefined {
    return typeof stored.name === 'string' && stored.name !== '' ? undefined : 'name is required';
  }
}

const tables = {
  Author: { a1: { id: 'a1', name: 'Ann' }, gone: INVALID },
  Chapter: {
    c1: { id: 'c1', heading: 'One', writer: 'a1', editor: 'gone' },
    c2: { id: 'c2', heading: 'Two', writer: 'gone', editor: 'a1' },
    dropped: INVALID,
  },
  Checked: { ok: { id: 'ok', name: 'fine' }, bad: { id: 'bad', name: '' } },
};

function readerOf(t: Record<string, Record<string, unknown>>): DenormalizeReader {
  return {
    getEntity: (key, pk) => t[key]?.[pk],
    getPks: key => Object.keys(t[key] ?? {}),
    getIndex: () => undefined,
  };
}

describe('pure denormalize: data-client values', () => {
  it('a deleted top-level entity is INVALID, a missing one undefined', () => {
    expect(denormalize(Chapter, 'dropped', tables)).toBe(INVALID);
    expect(denormalize(Chapter, 'never-stored', tables)).toBeUndefined();
  });

  it('stored data that validate() refuses is INVALID; createIfValid says why', () => {
    expect(denormalize(Checked, 'bad', tables)).toBe(INVALID);
    expect(Checked.createIfValid({ id: 'bad', name: '' })).toBeUndefined();
    expect(Checked.createIfValid({ id: 'ok', name: 'fine' })).toBeInstanceOf(Checked);
    expect((denormalize(Checked, 'ok', tables) as Checked).name).toBe('fine');
  });

  it('a deleted optional field reads undefined; a deleted required field invalidates the entity', () => {
    const one = denormalize(Chapter, 'c1', tables) as Chapter;
    expect(one.writer.name).toBe('Ann');
    expect(one.editor).toBeUndefined();
    expect(denormalize(Chapter, 'c2', tables)).toBe(INVALID);
  });

  it('an object literal holding an INVALID value is INVALID; lists drop it and keep null', () => {
    expect(denormalize({ chapter: Chapter, n: 1 }, { chapter: 'c2', n: 1 }, tables)).toBe(INVALID);
    const list = denormalize([Chapter], ['c1', 'c2', null, 'dropped', 'never-stored'], tables) as (Chapter | null)[];
    expect(list.map(c => c && c.id)).toEqual(['c1', null]);
  });

  it('the walk gives the same values by default, and the views values without propagation', () => {
    const reader = readerOf(tables);
    expect(denormalizeReader(Chapter, 'c2', reader, [])).toBe(INVALID);
    const two = denormalizeReader(Chapter, 'c2', reader, [], false) as Chapter;
    expect(two.heading).toBe('Two');
    expect(two.writer).toBeUndefined();
    expect(denormalizeReader(Chapter, 'dropped', reader, [], false)).toBeUndefined();
    expect((denormalizeReader([Chapter], ['c1', null, 'dropped'], reader, [], false) as Chapter[]).map(c => c.id)).toEqual(['c1']);
  });

  it('already denormalized nested data is built from itself, not looked up', () => {
    const partial = { Chapter: { p: { id: 'p', heading: 'P', writer: { id: 'a1', name: 'Inline' } } }, Author: tables.Author };
    const built = denormalize(Chapter, 'p', partial) as Chapter;
    expect(built.writer).toBeInstanceOf(Author);
    expect(built.writer.name).toBe('Inline');
  });
});

describe('the store keeps showing a deleted entity as missing', () => {
  it('controller.get of an entity whose required field was deleted still shows it, the field undefined', () => {
    const client = createDataClient({ initialState: { entities: tables } as never });
    try {
      const two = client.controller.get(Chapter, { id: 'c2' });
      expect(two?.heading).toBe('Two');
      expect(two?.writer).toBeUndefined();
      expect(client.controller.get(Chapter, { id: 'dropped' })).toBeUndefined();
    } finally {
      client.destroy();
    }
  });
});

describe('depth limit', () => {
  afterEach(() => vi.restoreAllMocks());

  class Node extends Entity {
    id = '';
    next: Node | string | undefined = undefined;
    static override key = 'DepthNode';
  }
  Node.schema = { next: Node };
  const chain: Record<string, unknown> = {};
  for (let i = 0; i < 300; i++) chain[`n${i}`] = { id: `n${i}`, next: i < 299 ? `n${i + 1}` : undefined };

  it('stops resolving at 64 entities, keeps the id there, and reports once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let node = denormalize(Node, 'n0', { DepthNode: chain }) as Node;
    for (let i = 0; i < 63; i++) node = node.next as Node;
    expect(node).toBeInstanceOf(Node);
    expect(node.id).toBe('n63');
    const cut = node.next as Node;
    expect(cut.id).toBe('n64');
    expect(cut.next).toBe('n65');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('depth limit of 64');
  });

  it('Entity.maxEntityDepth sets the limit', () => {
    class Short extends Node {
      static override key = 'DepthNode';
      static override maxEntityDepth = 3;
    }
    Short.schema = { next: Short };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const top = denormalize(Short, 'n0', { DepthNode: chain }) as Short;
    const third = (top.next as Short).next as Short;
    expect((third.next as Short).next).toBe('n4');
    expect(String(error.mock.calls[0]![0])).toContain('depth limit of 3');
  });
});

describe('Scalar called with data-client delegates', () => {
  class Fund extends Entity {
    id = '';
    static override key = 'Fund';
  }
  const weight = new Scalar({ key: 'weight', lens: args => (args[0] as { book?: string } | undefined)?.book, entity: Fund });
  const cells: Record<string, unknown> = { 'Fund|1|x': { w: 1 }, 'Fund|2|x': INVALID, 'Fund|3|y': { w: 3 } };

  it('queryKey(args, unvisit, delegate) reads the table through getEntities', () => {
    const delegate = { getEntities: (key: string) => (key === weight.key ? { entries: () => Object.entries(cells)[Symbol.iterator]() } : undefined) };
    expect(weight.queryKey([{ book: 'x' }], undefined, delegate)).toEqual(['Fund|1|x']);
    expect(weight.queryKey([{ book: 'z' }], undefined, delegate)).toBeUndefined();
  });

  it('denormalize resolves cells through the delegate\'s unvisit', () => {
    const unvisit = vi.fn((_schema: unknown, cpk: unknown) => cells[cpk as string]);
    expect(weight.denormalize(['1', 'w', 'Fund'], { args: [{ book: 'x' }], unvisit })).toBe(1);
    expect(unvisit).toHaveBeenCalledWith(weight, 'Fund|1|x');
    expect(weight.denormalize(['2', 'w', 'Fund'], { args: [{ book: 'x' }], unvisit })).toBeUndefined();
  });
});
