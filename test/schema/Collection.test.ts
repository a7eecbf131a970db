import { describe, expect, it } from 'vitest';
import { Collection, unshift, type CollectionOptions } from '../../src/core/schema/index.js';
import { appendUnique } from '../../src/core/schema/collectionMerge.js';
import { MemoryStore } from './memoryStore.js';
import { Todo } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

type Args = readonly unknown[];

function seeded(options?: CollectionOptions) {
  const todos = new Collection([Todo], options);
  const store = new MemoryStore();
  store.write(todos, [{ id: 1, userId: 1, title: 'a' }, { id: 2, userId: 2, title: 'b' }], [{}], 1);
  store.write(todos, [{ id: 1, userId: 1, title: 'a' }], [{ userId: 1 }], 1);
  store.write(todos, [{ id: 2, userId: 2, title: 'b' }], [{ userId: 2 }], 1);
  const list = (args: Args) => store.entities.get(todos.key)!.get(todos.pk(undefined, undefined, '', args));
  return { todos, store, list };
}

describe('Collection', () => {
  it('is keyed by the item schema and its pk is the canonical args', () => {
    const todos = new Collection([Todo]);
    expect(todos.key).toBe('[Todo]');
    expect(todos.pk(undefined, undefined, '', [{ b: 1, a: true }])).toBe('{"a":"true","b":"1"}');
    expect(todos.pk(undefined, undefined, '', [{ a: 'true', b: '1' }])).toBe(todos.pk(undefined, undefined, '', [{ b: 1, a: true }]));
  });

  it('stores one list per args and denormalizes it (wrapped reply too)', () => {
    const todos = new Collection([Todo]);
    const store = new MemoryStore();
    const result = store.write({ results: todos, total: 0 }, { results: [{ id: 1 }, { id: 2 }], total: 2 }, [{ userId: 1 }]);
    expect(result).toEqual({ results: '{"userId":"1"}', total: 2 });
    expect(store.entities.get('[Todo]')!.get('{"userId":"1"}')).toEqual(['1', '2']);
    const data = denormalizeReader({ results: todos, total: 0 }, result, store, [{ userId: 1 }]) as {
      results: Todo[];
      total: number;
    };
    expect(data.total).toBe(2);
    expect(data.results.map(t => t.id)).toEqual([1, 2]);
    expect(data.results[0]).toBeInstanceOf(Todo);
  });

  it('a re-fetch replaces the list', () => {
    const { todos, store, list } = seeded();
    store.write(todos, [{ id: 3, userId: 1 }], [{ userId: 1 }], 2);
    expect(list([{ userId: 1 }])).toEqual(['3']);
  });

  it('an older list reply never replaces a newer one', () => {
    const { todos, store, list } = seeded();
    store.write(todos, [{ id: 5, userId: 1 }], [{ userId: 1 }], 10);
    store.write(todos, [{ id: 6, userId: 1 }], [{ userId: 1 }], 5);
    expect(list([{ userId: 1 }])).toEqual(['5']);
  });

  it('a predicted (optimistic) create without a primary key gets a temporary one; a real reply without one is an error', () => {
    const { todos, store, list } = seeded();
    expect(() => store.write(todos.push, { userId: 1, title: 'draft' }, [{ userId: 1 }], 2)).toThrow(/Todo.*primary key/s);
    const result = store.write(todos.push, { userId: 1, title: 'draft' }, [{ userId: 1 }], 2, true) as string;
    expect(result).toMatch(/^rest-signals:created:\d+$/);
    expect(list([{ userId: 1 }])).toEqual(['1', result]);
    expect(store.entities.get('Todo')!.get(result)).toMatchObject({ title: 'draft' });
    expect(() => store.write(todos, [{ userId: 1, title: 'no id' }], [{ userId: 1 }], 3)).toThrow(/Todo.*primary key/s);
  });

  it('push appends the created entity to every stored collection whose args match', () => {
    const { todos, store, list } = seeded();
    const result = store.write(todos.push, { id: 3, userId: 1, title: 'c' }, [{ userId: 1 }], 2);
    expect(result).toBe('3');
    expect(list([{}])).toEqual(['1', '2', '3']);
    expect(list([{ userId: 1 }])).toEqual(['1', '3']);
    expect(list([{ userId: 2 }])).toEqual(['2']);
    const created = denormalizeReader(todos.push, result, store, [{ userId: 1 }]) as Todo;
    expect(created.title).toBe('c');
  });

  it('push matches on body fields too (second argument)', () => {
    const { todos, store, list } = seeded();
    store.write(todos.push, { id: 3, userId: 2 }, [{}, { userId: 2 }], 2);
    expect(list([{ userId: 2 }])).toEqual(['2', '3']);
    expect(list([{ userId: 1 }])).toEqual(['1']);
  });

  it('unshift prepends', () => {
    const { todos, store, list } = seeded();
    store.write(todos.unshift, { id: 3, userId: 2 }, [{ userId: 2 }], 2);
    expect(list([{ userId: 2 }])).toEqual(['3', '2']);
    expect(list([{}])).toEqual(['3', '1', '2']);
  });

  it('remove takes the entity out of matching collections', () => {
    const { todos, store, list } = seeded();
    store.write(todos.remove, { id: 1, userId: 1 }, [{}, { userId: 1 }], 2);
    expect(list([{}])).toEqual(['2']);
    expect(list([{ userId: 1 }])).toEqual([]);
    store.write(todos.remove, { id: 2 }, [{ userId: 1 }], 3); // only lists matching the args
    expect(list([{ userId: 2 }])).toEqual(['2']);
  });

  it('move removes from collections matching old values and adds to those matching new values', () => {
    const { todos, store, list } = seeded();
    store.write(todos.move, { id: 1, userId: 2, title: 'a' }, [{ id: 1 }, { userId: 2 }], 2);
    expect(list([{ userId: 1 }])).toEqual([]);
    expect(list([{ userId: 2 }])).toEqual(['2', '1']);
    expect(list([{}])).toEqual(['1', '2']); // matches both: untouched
    expect(store.entities.get('Todo')!.get('1')).toMatchObject({ userId: 2 });
  });

  it('moveWith(unshift) prepends moved items', () => {
    class NewestFirst<S extends readonly [unknown]> extends Collection<S> {
      constructor(s: S, o?: CollectionOptions) {
        super(s, o);
        this.move = this.moveWith(unshift);
      }
    }
    const todos = new NewestFirst([Todo] as const);
    const store = new MemoryStore();
    store.write(todos, [{ id: 1, userId: 1 }], [{ userId: 1 }], 1);
    store.write(todos, [{ id: 2, userId: 2 }], [{ userId: 2 }], 1);
    store.write(todos.move, { id: 1, userId: 2 }, [{ id: 1 }, { userId: 2 }], 2);
    expect(store.entities.get('[Todo]')!.get('{"userId":"2"}')).toEqual(['1', '2']);
    expect(store.entities.get('[Todo]')!.get('{"userId":"1"}')).toEqual([]);
  });

  it('addWith appends a page, excluding duplicates, with a custom collection filter', () => {
    const todos = new Collection([Todo]);
    const store = new MemoryStore();
    store.write(todos, [{ id: 1 }, { id: 2 }], [{ userId: 1 }], 1);
    store.write(todos, [{ id: 9 }], [{ userId: 2 }], 1);
    const getPage = todos.addWith(appendUnique, (...args: readonly unknown[]) => {
      const { page: _page, ...rest } = args[0] as Record<string, unknown>;
      return key => Object.keys(key).length === Object.keys(rest).length && Object.keys(key).every(k => `${rest[k]}` === key[k]);
    });
    const result = store.write(getPage, [{ id: 2 }, { id: 3 }], [{ userId: 1, page: 2 }], 2);
    expect(result).toEqual(['2', '3']);
    expect(store.entities.get('[Todo]')!.get('{"userId":"1"}')).toEqual(['1', '2', '3']);
    expect(store.entities.get('[Todo]')!.get('{"userId":"2"}')).toEqual(['9']);
    const page = denormalizeReader(getPage, result, store, [{ userId: 1, page: 2 }]) as Todo[];
    expect(page.map(t => t.id)).toEqual([2, 3]);
  });

  describe('nonFilterArgumentKeys', () => {
    const cases: Array<[string, CollectionOptions['nonFilterArgumentKeys']]> = [
      ['string[]', ['orderBy']],
      ['RegExp', /^order/],
      ['function', (k: string) => k === 'orderBy'],
    ];
    for (const [name, nonFilterArgumentKeys] of cases) {
      it(`excludes listed keys from matching (${name})`, () => {
        const todos = new Collection([Todo], { nonFilterArgumentKeys });
        const store = new MemoryStore();
        store.write(todos, [{ id: 1, userId: 1 }], [{ userId: 1, orderBy: 'title' }], 1);
        store.write(todos, [{ id: 2, userId: 2 }], [{ userId: 2, orderBy: 'title' }], 1);
        store.write(todos.push, { id: 3, userId: 1 }, [{ userId: 1 }], 2);
        expect(store.entities.get('[Todo]')!.get('{"orderBy":"title","userId":"1"}')).toEqual(['1', '3']);
        expect(store.entities.get('[Todo]')!.get('{"orderBy":"title","userId":"2"}')).toEqual(['2']);
      });
    }

    it('without it, an unlisted key filters', () => {
      const todos = new Collection([Todo], { nonFilterArgumentKeys: [] });
      const store = new MemoryStore();
      store.write(todos, [{ id: 1 }], [{ userId: 1, sortBy: 'title' }], 1);
      store.write(todos.push, { id: 3, userId: 1 }, [{ userId: 1 }], 2);
      expect(store.entities.get('[Todo]')!.get('{"sortBy":"title","userId":"1"}')).toEqual(['1']);
    });

    it('rejects an invalid form with a TypeError naming the option', () => {
      expect(() => new Collection([Todo], { nonFilterArgumentKeys: 5 as never })).toThrow(/nonFilterArgumentKeys/);
    });
  });

  it('pushes into collections written earlier in the same reply and never into unseen ones', () => {
    const todos = new Collection([Todo]);
    const store = new MemoryStore();
    store.write(todos.push, { id: 3, userId: 1 }, [{ userId: 1 }], 2);
    expect(store.entities.get('[Todo]')).toBeUndefined();
  });

  it('queryKey finds a stored collection by args only', async () => {
    const { queryKey } = await import('../../src/core/schema/index.js');
    const { todos, store } = seeded();
    expect(queryKey(todos, [{ userId: 1 }], store)).toBe('{"userId":"1"}');
    expect(queryKey(todos, [{ userId: 3 }], store)).toBeUndefined();
    expect(queryKey(todos.push, [{ userId: 1 }], store)).toBeUndefined();
  });

  it('Values collections assign entries', async () => {
    const { Values } = await import('../../src/core/schema/index.js');
    const byId = new Collection(new Values(Todo));
    expect(byId.key).toBe('{Todo}');
    const store = new MemoryStore();
    store.write(byId, { a: { id: 1 } }, [{}], 1);
    store.write(byId.assign, { b: { id: 2 } }, [{}], 2);
    expect({ ...(store.entities.get('{Todo}')!.get('{}') as object) }).toEqual({ a: '1', b: '2' });
    const view = denormalizeReader(byId, '{}', store, [{}]) as Record<string, Todo>;
    expect(view.b!.id).toBe(2);
  });

  it('takes only [Item], an ArraySchema or a Values schema: a look-alike of Values is refused', async () => {
    const { Values } = await import('../../src/core/schema/index.js');
    const real = new Values(Todo);
    // the same fields and methods as a Values schema, but not one (Collection tells it by its brand)
    const lookAlike = { schema: Todo, schemaKey: () => 'Todo', normalize: real.normalize.bind(real), denormalize: real.denormalize.bind(real) };
    expect(() => new Collection(lookAlike as never)).toThrow(TypeError);
    expect(() => new Collection({} as never)).toThrow(/Collection/);
    expect(new Collection(real).assign).toBeDefined();
    expect(new Collection(real).push).toBeUndefined();
  });
});

describe('Collection nested in an entity', () => {
  it('nestKey keys the list by its parent entity', async () => {
    const { Entity } = await import('../../src/core/schema/index.js');
    class Owner extends Entity {
      id = 0;
      todos: Todo[] = [];
      static override key = 'Owner';
      static override schema = { todos: new Collection([Todo], { nestKey: (parent: Record<string, unknown>) => ({ userId: parent.id }) }) };
    }
    const store = new MemoryStore();
    store.write(Owner, { id: 5, todos: [{ id: 1, userId: 5 }] }, [{ id: 5 }]);
    expect(store.entities.get('Owner')!.get('5')).toEqual({ id: 5, todos: '{"userId":"5"}' });
    const owner = denormalizeReader(Owner, '5', store, []) as Owner;
    expect(owner.todos.map(t => t.id)).toEqual([1]);
    // a push for userId 5 reaches the nested list
    store.write(Owner.schema.todos.push, { id: 2, userId: 5 }, [{ userId: 5 }], 2);
    expect((denormalizeReader(Owner, '5', store, []) as Owner).todos.map(t => t.id)).toEqual([1, 2]);
  });
});
