import { describe, expect, it } from 'vitest';
import {
  Collection,
  Entity,
  denormalize,
  normalize,
  type NormalizedData,
} from '../../src/core/schema/index.js';
import { fromNormalized, toWriteSet } from '../../src/core/store/schemaOps.js';
import { ResultOwners } from '../../src/core/controller/ResultOwner.js';
import { Store } from '../../src/core/store/Store.js';

class Task extends Entity {
  id = '';
  owner = '';
  title = '';
  static override key = 'Task';
}

const tasks = new Collection([Task]);
const LIST = '[Task]';

/** Three stored lists: owner ann, owner bob, and the unfiltered one. */
function seeded(): NormalizedData {
  let state = normalize(tasks, [{ id: '1', owner: 'ann', title: 'a' }], [{ owner: 'ann' }]);
  state = normalize(tasks, [{ id: '2', owner: 'bob', title: 'b' }], [{ owner: 'bob' }], state);
  return normalize(tasks, [{ id: '1', owner: 'ann', title: 'a' }, { id: '2', owner: 'bob', title: 'b' }], [{}], state);
}

describe('normalize(schema, input, args, store): writes on top of earlier tables', () => {
  it('keeps earlier tables and merges entities with what they hold', () => {
    const state = seeded();
    expect(Object.keys(state.entities[LIST]!).sort()).toEqual(['{"owner":"ann"}', '{"owner":"bob"}', '{}']);
    const next = normalize(Task, { id: '1', title: 'renamed' }, [], state);
    expect(next.entities.Task!['1']).toEqual({ id: '1', owner: 'ann', title: 'renamed' });
    expect(next.entities.Task!['2']).toEqual({ id: '2', owner: 'bob', title: 'b' });
    expect(next.entities[LIST]).toEqual(state.entities[LIST]);
    // the tables given are not modified
    expect(state.entities.Task!['1']).toEqual({ id: '1', owner: 'ann', title: 'a' });
  });

  it('push adds the created item to the stored lists its arguments match, and only those', () => {
    const state = seeded();
    const next = normalize(tasks.push, { id: '3', owner: 'ann', title: 'new' }, [{ owner: 'ann' }], state);
    expect(next.result).toBe('3');
    expect(next.entities[LIST]!['{"owner":"ann"}']).toEqual(['1', '3']);
    expect(next.entities[LIST]!['{}']).toEqual(['1', '2', '3']);
    expect(next.entities[LIST]!['{"owner":"bob"}']).toEqual(['2']);
    expect(state.entities[LIST]!['{"owner":"ann"}']).toEqual(['1']);
  });

  it('remove takes the item out of the matching lists, even when they were stored later than the mutation is dated', () => {
    const state = seeded();
    // lists fetched "in the future" relative to the removal: a mutation still applies on top
    const metas = state.entitiesMeta[LIST]!;
    for (const pk of Object.keys(metas)) metas[pk] = { ...metas[pk]!, date: Date.now() + 60_000 };
    const next = normalize(tasks.remove, { id: '1', owner: 'ann' }, [{ owner: 'ann' }], state);
    expect(next.entities[LIST]!['{"owner":"ann"}']).toEqual([]);
    expect(next.entities[LIST]!['{}']).toEqual(['2']);
    expect(next.entities[LIST]!['{"owner":"bob"}']).toEqual(['2']);
  });

  it('a key named __proto__ in earlier tables stays an ordinary key', () => {
    const store = JSON.parse('{"entities":{"__proto__":{"x":1},"Task":{"__proto__":{"id":"__proto__"}}}}') as NormalizedData;
    const next = normalize(Task, { id: '9', title: 'x' }, [], store);
    expect(Object.getPrototypeOf(next.entities.Task)).toBeNull();
    expect(Object.keys(next.entities.Task!).sort()).toEqual(['9', '__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('Collection as data-client names and extends it', () => {
  it('its class is named CollectionSchema', () => {
    expect(Collection.name).toBe('CollectionSchema');
    expect(tasks).toBeInstanceOf(Collection);
  });

  it('a subclass overriding createCollectionFilter decides which lists receive a push', () => {
    class OwnerOnly extends Collection<[typeof Task]> {
      override createCollectionFilter(...args: readonly unknown[]) {
        const owner = (args[0] as { owner?: string } | undefined)?.owner;
        // only lists filtered by the same owner; never the unfiltered one
        return (key: Record<string, string>) => key.owner !== undefined && key.owner === owner;
      }
    }
    const owned = new OwnerOnly([Task]);
    const state = seeded();
    const next = normalize(owned.push, { id: '4', owner: 'bob', title: 'n' }, [{ owner: 'bob' }], state);
    expect(next.entities[LIST]!['{"owner":"bob"}']).toEqual(['2', '4']);
    expect(next.entities[LIST]!['{}']).toEqual(['1', '2']);
  });

  it('a nested list and a top-level list of the same key and item denormalize to the same array', () => {
    class Owner extends Entity {
      id = '';
      tasks: Task[] = [];
      static override key = 'Owner';
      static override schema = { tasks: new Collection([Task], { nestKey: (parent: Record<string, unknown>) => ({ owner: parent.id }) }) };
    }
    const byOwner = new Collection([Task], { argsKey: (p: { owner: string }) => ({ owner: p.owner }) });
    const state = normalize(Owner, { id: 'ann', tasks: [{ id: '1', owner: 'ann', title: 'a' }] });
    // through a store's memo (the list's cell is shared by both schemas)
    const store = new Store(new ResultOwners());
    const meta = { date: 1, fetchedAt: 1, expiresAt: Infinity };
    store.dispatch({ type: 'setResponse', key: undefined, writes: toWriteSet(Owner, { id: 'ann', tasks: [{ id: '1', owner: 'ann', title: 'a' }] }, [], store.committed, meta), meta });
    const owner = fromNormalized(Owner, 'ann', [], store.visible, store.cache) as Owner;
    const list = fromNormalized(byOwner, '{"owner":"ann"}', [{ owner: 'ann' }], store.visible, store.cache);
    expect(owner.tasks).toHaveLength(1);
    expect(list).toBe(owner.tasks);
    // the plain denormalize gives equal data
    expect(denormalize(byOwner, '{"owner":"ann"}', state.entities)).toEqual(owner.tasks);
  });
});
