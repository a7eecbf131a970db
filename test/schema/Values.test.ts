import { describe, expect, it } from 'vitest';
import { SchemaError, Values, denormalize, normalize, schema } from '../../src/core/schema/index.js';
import { User } from './fixtures.js';

describe('Values', () => {
  it('normalizes a map of entities and denormalizes it back', () => {
    const byName = new Values(User);
    expect(schema.Values).toBe(Values);
    const { result, entities } = normalize(byName, { ann: { id: 1, name: 'Ann' }, bob: { id: 2, name: 'Bob' } });
    expect({ ...(result as object) }).toEqual({ ann: '1', bob: '2' });
    const map = denormalize(byName, result, entities) as Record<string, User>;
    expect(map.ann).toBeInstanceOf(User);
    expect(map.bob!.name).toBe('Bob');
  });

  it('hostile keys are ordinary keys', () => {
    const { result, entities } = normalize(new Values(User), JSON.parse('{"__proto__": {"id": 1}, "constructor": {"id": 2}}'));
    const map = denormalize(new Values(User), result, entities) as Record<string, User>;
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(Object.keys(map)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(map, '__proto__')!.value).toBeInstanceOf(User);
  });

  it('rejects a non-object reply', () => {
    expect(() => normalize(new Values(User), [1])).toThrow(SchemaError);
  });
});
