// The store's memo (`Memo`): an entity's denormalized value is kept on its cell beside the signals
// its build read, and reused while every one of them still holds what it held. Reads go through
// the real store (writes are dispatched as replies are); "which entities a read depends on" is
// checked the way views use it: an effect over the read re-runs exactly when one of them changes.
import { effect } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { Collection, Entity, Invalidate, SchemaError, Scalar, Values } from '../../src/core/schema/index.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';
import type { EntityMeta } from '../../src/core/schema/protocol.js';
import { fromNormalized, toWriteSet } from '../../src/core/store/schemaOps.js';
import { ResultOwners } from '../../src/core/controller/ResultOwner.js';
import { Store } from '../../src/core/store/Store.js';
import { Person, Post, Todo, User } from '../schema/fixtures.js';

const meta = (date: number): EntityMeta => ({ date, fetchedAt: date + 1, expiresAt: date + 60_000 });

/** A store written as replies write it, read through its memo (untracked) or its committed state. */
class SignalStore {
  readonly store = new Store(new ResultOwners());
  write(schema: unknown, input: unknown, args: readonly unknown[] = [], date = 1): unknown {
    const writes = toWriteSet(schema, input, args, this.store.committed, meta(date));
    this.store.dispatch({ type: 'setResponse', key: undefined, writes, meta: meta(date) });
    return writes.result;
  }
  read<T = unknown>(schema: unknown, input: unknown, args: readonly unknown[] = []): T {
    return fromNormalized(schema, input, args, this.store.visible, this.store.cache) as T;
  }
  /** An effect over a tracked read; `runs()` counts its runs. */
  watch(schema: unknown, input: unknown, args: readonly unknown[] = []): { runs: () => number; stop: () => void } {
    let runs = 0;
    const stop = effect(() => {
      fromNormalized(schema, input, args, this.store.tracked, this.store.cache);
      runs++;
    });
    return { runs: () => runs, stop };
  }
}

function postsStore() {
  const s = new SignalStore();
  const result = s.write([Post], [
    { id: 1, title: 'one', author: { id: 10, name: 'Ann' } },
    { id: 2, title: 'two', author: { id: 11, name: 'Bob' } },
    { id: 3, title: 'three', author: { id: 10, name: 'Ann' } },
  ]);
  return { s, result };
}

describe('the store memo', () => {
  it('an unchanged entity is the same object in every read', () => {
    const { s, result } = postsStore();
    const a = s.read<Post[]>([Post], result);
    const b = s.read<Post[]>([Post], result);
    expect(b[0]).toBe(a[0]);
    expect(b).toBe(a);
    expect(s.read(Post, '1')).toBe(a[0]);
    expect(a[0]!.author).toBe(a[2]!.author);
    expect(s.read(User, '10')).toBe(a[0]!.author);
  });

  it('a changed entity gives a new object, as does every entity embedding it; others stay', () => {
    const { s, result } = postsStore();
    const before = s.read<Post[]>([Post], result);
    s.write(User, { id: 10, name: 'Anna' }, [], 2);
    const after = s.read<Post[]>([Post], result);
    expect(after[0]).not.toBe(before[0]);
    expect(after[2]).not.toBe(before[2]);
    expect(after[0]!.author.name).toBe('Anna');
    expect(after[0]!.author).toBe(after[2]!.author);
    expect(after[1]).toBe(before[1]);
    expect(after[1]!.author).toBe(before[1]!.author);
  });

  it('a read depends on exactly the entities it shows', () => {
    const { s, result } = postsStore();
    s.read([Post], result);
    const w = s.watch(Post, '1');
    s.write(User, { id: 11, name: 'Bobby' }, [], 2);
    s.write(Post, { id: 2, title: 'two!', author: { id: 11, name: 'Bobby' } }, [], 2);
    expect(w.runs()).toBe(1);
    s.write(User, { id: 10, name: 'Anna' }, [], 3);
    expect(w.runs()).toBe(2);
    s.write(Post, { id: 1, title: 'one!', author: { id: 10, name: 'Anna' } }, [], 3);
    expect(w.runs()).toBe(3);
    w.stop();
  });

  it('an entity that is invalidated drops out of the list read', () => {
    const s = new SignalStore();
    const result = s.write([Todo], [{ id: 1 }, { id: 2 }]);
    expect(s.read([Todo], result)).toHaveLength(2);
    s.write(new Invalidate(Todo), { id: 2 }, [], 2);
    expect(s.read<Todo[]>([Todo], result).map(t => t.id)).toEqual([1]);
  });

  it('a collection is the same array while unchanged and a new one when an item changes', () => {
    const todos = new Collection([Todo]);
    const s = new SignalStore();
    const pk = s.write(todos, [{ id: 1 }, { id: 2 }], [{}]);
    const a = s.read<Todo[]>(todos, pk, [{}]);
    expect(s.read(todos, pk, [{}])).toBe(a);
    s.write(Todo, { id: 2, title: 'x' }, [], 2);
    const b = s.read<Todo[]>(todos, pk, [{}]);
    expect(b).not.toBe(a);
    expect(b[0]).toBe(a[0]);
  });

  it('reads a 100 000-item list', () => {
    const s = new SignalStore();
    const result = s.write([Todo], Array.from({ length: 100_000 }, (_, i) => ({ id: i, title: `t${i}` }))) as string[];
    const view = s.read<Todo[]>([Todo], result);
    expect(view).toHaveLength(100_000);
    expect(view[99_999]!.title).toBe('t99999');
  });

  it('a committed read (a walk of its own) leaves the memo of the visible value as it is', () => {
    const { s } = postsStore();
    const visible = s.read<Post>(Post, '1');
    const committed = fromNormalized(Post, '1', [], s.store.committed, s.store.cache) as Post;
    expect(committed).not.toBe(visible);
    expect(committed).toEqual(visible);
    expect(s.read(Post, '1')).toBe(visible);
  });

  describe('cycles', () => {
    function friends() {
      const s = new SignalStore();
      s.write([Person], [{ id: 'a', name: 'A', friends: [{ id: 'b', name: 'B', friends: [{ id: 'a' }] }, { id: 'c', name: 'C', friends: [] }] }]);
      return s;
    }

    it('one object per entity, the same again in a later read, from any member', () => {
      const s = friends();
      const a = s.read<Person>(Person, 'a');
      const b = a.friends[0]!;
      expect(b.name).toBe('B');
      expect(b.friends[0]).toBe(a);
      expect(s.read(Person, 'b')).toBe(b);
      expect(s.read(Person, 'a')).toBe(a);
    });

    it('starting from another member of the cycle gives the same objects', () => {
      const s = friends();
      const b = s.read<Person>(Person, 'b');
      const a = s.read<Person>(Person, 'a');
      expect(b.friends[0]).toBe(a);
      expect(a.friends[0]).toBe(b);
    });

    it('a change anywhere in the cycle rebuilds every member', () => {
      const s = friends();
      const a = s.read<Person>(Person, 'a');
      const b = a.friends[0]!;
      s.write(Person, { id: 'c', name: 'C2' }, [], 2);
      const b2 = s.read<Person>(Person, 'b');
      expect(b2).not.toBe(b);
      expect(b2.friends[0]!.friends[1]!.name).toBe('C2');
      expect(s.read(Person, 'a')).toBe(b2.friends[0]);
    });

    it('an entity referenced twice inside a cycle is one object', () => {
      const s = new SignalStore();
      s.write(Person, { id: 'a', friends: [{ id: 'b', friends: [{ id: 'a' }] }, { id: 'b' }] });
      const a = s.read<Person>(Person, 'a');
      expect(a.friends[0]).toBe(a.friends[1]);
    });

    it('a cycle reached from a list is memoized with every member as a dep', () => {
      const s = new SignalStore();
      const result = s.write([Person], [{ id: 'a', friends: [{ id: 'b', friends: [{ id: 'a' }] }] }]);
      const a = s.read<Person[]>([Person], result);
      expect(a[0]!.friends[0]!.friends[0]).toBe(a[0]);
      const w = s.watch([Person], result);
      s.write(Person, { id: 'b', name: 'B2' }, [], 2);
      expect(w.runs()).toBe(2);
      const b = s.read<Person[]>([Person], result);
      expect(b).not.toBe(a);
      expect(b[0]!.friends[0]!.name).toBe('B2');
      expect(b[0]!.friends[0]!.friends[0]).toBe(b[0]);
      w.stop();
    });
  });

  it('an entity embedding more entities than a dependency scan covers depends on each of them', () => {
    class Team extends Entity {
      id = 0;
      members: User[] = [];
      lead: User = User.fromJS();
      static override key = 'Team';
      static override schema = { members: [User], lead: User };
    }
    const team = (id: number, from: number) => ({
      id,
      lead: { id: from, name: `User ${from}` },
      members: Array.from({ length: 40 }, (_, i) => ({ id: from + i, name: `User ${from + i}` })),
    });
    const s = new SignalStore();
    const result = s.write([Team], [team(1, 100), team(2, 200)]);
    const first = s.read<Team[]>([Team], result);
    const w = s.watch(Team, '2');
    s.write(User, { id: 139, name: 'Renamed' }, [], 2);
    expect(w.runs()).toBe(1);
    const after = s.read<Team[]>([Team], result);
    expect(after[0]).not.toBe(first[0]);
    expect(after[0]!.members[39]!.name).toBe('Renamed');
    expect(after[1]).toBe(first[1]);
    expect(after[0]!.lead).toBe(first[0]!.lead);
    s.write(User, { id: 239, name: 'Renamed too' }, [], 3);
    expect(w.runs()).toBe(2);
    w.stop();
  });

  it('each lens of a Scalar field has its own instance, and the same one again for an unchanged lens', () => {
    class Holding extends Entity {
      id = '';
      ticker = '';
      units = 0;
      static override key = 'Holding';
    }
    const byBook = new Scalar({ key: 'book', lens: args => (args[0] as { book?: string } | undefined)?.book, entity: Holding });
    Holding.schema = { units: byBook };
    const s = new SignalStore();
    const result = s.write([Holding], [{ id: 'h1', ticker: 'ACME', units: 12 }], [{ book: 'north' }]);
    s.write(new Values(byBook), { h1: { units: 40 } }, [{ book: 'south' }], 2);
    const read = (book: string) => s.read<Holding[]>([Holding], result, [{ book }])[0]!;
    const a = read('north');
    const b = read('south');
    expect([a.units, b.units]).toEqual([12, 40]);
    expect(read('north')).toBe(a);
    expect(read('south')).toBe(b);
    // a lens cell written later is a dep of the instance that shows it
    s.write(new Values(byBook), { h1: { units: 41 } }, [{ book: 'south' }], 3);
    expect(read('south').units).toBe(41);
    expect(read('north')).toBe(a);
  });

  it('a 10 000-long chain of stored entities gives a SchemaError or the data, never a RangeError', () => {
    class Link extends Entity {
      id = 0;
      static override key = 'Link';
      static override schema: Record<string, unknown> = {};
    }
    Link.schema = { next: Link };
    const s = new SignalStore();
    s.write([Link], Array.from({ length: 10_000 }, (_, i) => (i === 9_999 ? { id: i } : { id: i, next: i + 1 })));
    for (const read of [() => s.read(Link, '0'), () => denormalizeReader(Link, '0', s.store.visible)]) {
      let error: unknown;
      let value: unknown;
      try {
        value = read();
      } catch (e) {
        error = e;
      }
      if (error) {
        expect(error).toBeInstanceOf(SchemaError);
        expect((error as Error).message).toMatch(/Link/);
      } else {
        expect((value as Link).id).toBe(0);
        expect(vi.mocked(console.error).mock.calls.map(c => String(c[0]).split(':')[0])).toEqual(['Entity depth limit of 64 reached for "Link" entity']);
        vi.mocked(console.error).mockClear();
      }
    }
  });
});
