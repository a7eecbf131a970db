import { describe, expect, it } from 'vitest';
import { Collection, Entity, denormalize, normalize } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { Post, Todo, User } from './fixtures.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

describe('hostile keys in replies', () => {
  it('fields named __proto__, constructor, prototype are ordinary fields', () => {
    const reply = JSON.parse(
      '{"id": 1, "name": "x", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": 5}',
    );
    const { result, entities } = normalize(User, reply);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const stored = entities.User!['1'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(stored, '__proto__')!.value).toEqual({ polluted: true });
    const user = denormalize(User, result, entities) as User;
    expect(Object.getPrototypeOf(user)).toBe(User.prototype);
    expect(user).toBeInstanceOf(User);
    expect(Object.getOwnPropertyDescriptor(user, '__proto__')!.value).toEqual({ polluted: true });
    expect(Object.getOwnPropertyDescriptor(user, 'prototype')!.value).toBe(5);
    expect((user as unknown as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a nested-schema field named __proto__ does not touch prototypes', () => {
    class Box extends Entity {
      id = 0;
      static override key = 'Box';
      static override schema: Record<string, unknown> = JSON.parse('{"__proto__": null}');
    }
    Object.defineProperty(Box.schema, '__proto__', { value: User, enumerable: true });
    const reply = JSON.parse('{"id": 1, "__proto__": {"id": 2, "name": "inner"}}');
    const { result, entities } = normalize(Box, reply);
    expect(Object.getOwnPropertyDescriptor(entities.Box!['1'], '__proto__')!.value).toBe('2');
    const box = denormalize(Box, result, entities) as Box;
    expect(Object.getPrototypeOf(box)).toBe(Box.prototype);
    expect(Object.getOwnPropertyDescriptor(box, '__proto__')!.value).toBeInstanceOf(User);
  });

  it('pks "__proto__" and "constructor" are ordinary keys', () => {
    const store = new MemoryStore();
    const result = store.write([User], [{ id: '__proto__', name: 'p' }, { id: 'constructor', name: 'c' }]);
    expect(result).toEqual(['__proto__', 'constructor']);
    const users = denormalizeReader([User], result, store, []) as User[];
    expect(users.map(u => u.name)).toEqual(['p', 'c']);
    const { entities } = normalize([User], [{ id: '__proto__', name: 'p' }, { id: 'constructor', name: 'c' }]);
    expect(Object.keys(entities.User!)).toEqual(['__proto__', 'constructor']);
    expect((denormalize(User, 'constructor', entities) as User).name).toBe('c');
    expect(denormalize(User, 'toString', entities)).toBeUndefined();
  });

  it('pks "__proto__" and "constructor" of a type without indexes are ordinary keys of the returned tables', () => {
    const { entities, entitiesMeta } = normalize([Todo], [{ id: '__proto__', title: 'p' }, { id: 'constructor', title: 'c' }, { id: 'x' }]);
    const todos = entities.Todo!;
    expect(Object.getPrototypeOf(todos)).toBeNull();
    expect(Object.keys(todos)).toEqual(['__proto__', 'constructor', 'x']);
    expect((todos['__proto__'] as { title: string }).title).toBe('p');
    expect(Object.keys(entitiesMeta.Todo!)).toEqual(['__proto__', 'constructor', 'x']);
    expect((denormalize([Todo], ['__proto__', 'constructor', 'toString'], entities) as Todo[]).map(t => t.title)).toEqual(['p', 'c']);
  });

  it('collection args with hostile keys', () => {
    const list = new Collection([Post]);
    const store = new MemoryStore();
    const args = [JSON.parse('{"__proto__": "x", "constructor": 1}')];
    const pk = store.write(list, [{ id: 1 }], args);
    expect(pk).toBe('{"__proto__":"x","constructor":"1"}');
    store.write(list.push, { id: 2 }, args, 2);
    expect(store.entities.get('[Post]')!.get(pk as string)).toEqual(['1', '2']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
