// How denormalize builds an entity instance from its stored fields: defaults first, stored fields
// as own data fields (no setter runs, no prototype changes).
import { describe, expect, it } from 'vitest';
import { Entity, denormalize, normalize } from '../../src/core/schema/index.js';
import { User } from './fixtures.js';

describe('building entity instances', () => {
  it('a stored field named like a prototype accessor is an own field; the setter never runs', () => {
    let setterRan = 0;
    class Account extends Entity {
      id = 0;
      first = '';
      get label(): string {
        return `#${this.first}`;
      }
      set label(_v: string) {
        setterRan++;
      }
      get fullName(): string {
        return this.first;
      }
      static override key = 'Account';
    }
    const { result, entities } = normalize(Account, { id: 1, first: 'x', label: 'stored', fullName: 'F' });
    const acc = denormalize(Account, result, entities) as Account;
    expect(setterRan).toBe(0);
    expect(Object.getOwnPropertyDescriptor(acc, 'label')!.value).toBe('stored');
    expect(Object.getOwnPropertyDescriptor(acc, 'fullName')!.value).toBe('F');
    const plain = denormalize(Account, normalize(Account, { id: 2, first: 'y' }).result, normalize(Account, { id: 2, first: 'y' }).entities) as Account;
    expect(plain.label).toBe('#y');
    expect(Account.fromJS({ label: 'z' }).label).toBe('z');
    expect(setterRan).toBe(0);
  });

  it('stored fields follow the class defaults in order; fields the class lacks are own data fields', () => {
    const { result, entities } = normalize(User, { extra: 1, name: 'n', id: 3, pk: 'shadow' });
    const u = denormalize(User, result, entities) as User;
    expect(Object.keys(u)).toEqual(['id', 'name', 'username', 'extra', 'pk']);
    expect(Object.getOwnPropertyDescriptor(u, 'pk')).toEqual({ value: 'shadow', writable: true, enumerable: true, configurable: true });
  });

  it('symbol-keyed fields are copied whether or not a hazard key is present', () => {
    const tag = Symbol('tag');
    expect((User.fromJS({ [tag]: 1 } as Record<string, unknown>) as unknown as Record<symbol, unknown>)[tag]).toBe(1);
    const hostile = Object.assign(JSON.parse('{"__proto__": 1}') as object, { [tag]: 2 });
    const u = User.fromJS(hostile as Record<string, unknown>) as unknown as Record<symbol, unknown>;
    expect(u[tag]).toBe(2);
    expect(Object.getPrototypeOf(u)).toBe(User.prototype);
  });

  it('fromJS with a __proto__ prop keeps the prototype', () => {
    const u = User.fromJS(JSON.parse('{"id": 1, "__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(u)).toBe(User.prototype);
    expect(Object.getOwnPropertyDescriptor(u, '__proto__')!.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
