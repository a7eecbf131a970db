import { describe, expect, it } from 'vitest';
import { Entity, SchemaError, normalizeToWriteSet } from '../../src/core/schema/index.js';
import { MemoryStore, meta } from './memoryStore.js';
import { Post, Todo, User } from './fixtures.js';

class Node extends Entity {
  id = 0;
  static override key = 'Node';
  static override schema: Record<string, unknown> = {};
}
Node.schema = { next: Node };

function chain(depth: number): unknown {
  let node: unknown = { id: depth };
  for (let i = depth - 1; i >= 0; i--) node = { id: i, next: node };
  return node;
}

describe('normalizeToWriteSet', () => {
  it('returns the result, merged entities, meta and the schemas that wrote them', () => {
    const store = new MemoryStore();
    store.write(User, { id: 7, name: 'Ann', username: 'ann' }, [], 1);
    const writes = normalizeToWriteSet(Post, { id: 1, author: { id: 7, name: 'Anna' } }, [], store, meta(2));
    expect(writes.result).toBe('1');
    expect(writes.entities.get('User')!.get('7')).toEqual({ id: 7, name: 'Anna', username: 'ann' });
    // the write's own meta is held once, as `common`: no entity of this reply has an entry
    expect(writes.common!.date).toBe(2);
    expect(writes.meta.get('User')!.has('7')).toBe(false);
    expect(writes.schemas.get('User')).toBe(User);
    expect(writes.schemas.get('Post')).toBe(Post);
  });

  it('gives an entity an entry of its own only when the stored meta won the merge', () => {
    const store = new MemoryStore();
    store.write(User, { id: 7, name: 'Ann', username: 'ann' }, [], 5);
    // a reply from a request that started before the stored one: the stored data and meta stay
    const writes = normalizeToWriteSet(Post, { id: 1, author: { id: 7, name: 'Anna' } }, [], store, meta(2));
    expect(writes.meta.get('User')!.get('7')!.date).toBe(5);
    expect(writes.meta.get('Post')!.has('1')).toBe(false);
    expect(writes.common!.date).toBe(2);
  });

  it('does not mutate its input', () => {
    const input = { id: 1, author: { id: 7 } };
    const copy = structuredClone(input);
    normalizeToWriteSet(Post, input, [], new MemoryStore(), meta(1));
    expect(input).toEqual(copy);
  });

  it('rejects a list that is not an array, naming the entity and showing the value', () => {
    const run = () => normalizeToWriteSet([Todo], { items: [] }, [], new MemoryStore(), meta(1));
    expect(run).toThrow(SchemaError);
    expect(run).toThrow(/\[Todo\].*expected an array.*\{"items":\[\]\}/);
  });

  it('writes nothing when any part of the reply does not fit', () => {
    const store = new MemoryStore();
    expect(() => store.write([User], [{ id: 1 }, { name: 'no pk' }])).toThrow(/User/);
    expect(store.entities.size).toBe(0);
  });

  it('a 10 000-deep reply throws a clear SchemaError, never a RangeError', () => {
    let error: unknown;
    try {
      normalizeToWriteSet(Node, chain(10_000), [], new MemoryStore(), meta(1));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as Error).message).toMatch(/Node.*nested deeper/);
  });

  it('a moderately deep chain normalizes', () => {
    const writes = normalizeToWriteSet(Node, chain(300), [], new MemoryStore(), meta(1));
    expect(writes.entities.get('Node')!.size).toBe(301);
    expect(writes.entities.get('Node')!.get('0')).toEqual({ id: 0, next: '1' });
  });

  it('normalizes a 100 000-item list', () => {
    const reply = Array.from({ length: 100_000 }, (_, i) => ({ id: i, userId: i % 7 }));
    const writes = normalizeToWriteSet([Todo], reply, [], new MemoryStore(), meta(1));
    expect((writes.result as string[]).length).toBe(100_000);
    expect(writes.entities.get('Todo')!.size).toBe(100_000);
  });
});
