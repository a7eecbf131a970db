// Schemas and schema members of data-client 0.18 that definitions use as written.
import { describe, expect, it } from 'vitest';
import { All, Collection, createDataClient, denormalize, Entity, Invalidate, Lazy, normalize, Query, RestEndpoint, Union, validateRequired } from '../../src/core/index.js';

class Building extends Entity {
  id = '';
  name = '';
}
class Department extends Entity {
  id = '';
  buildings: string[] = [];
  static override schema = { buildings: new Lazy([Building]) };
}
class Cat extends Entity {
  id = 0;
  readonly type = 'cat';
}
class Dog extends Entity {
  id = 0;
  readonly type = 'dog';
}

describe('Lazy', () => {
  it('normalizes its schema but leaves the field normalized; lazy.query denormalizes it on demand', () => {
    const reply = { id: 'd1', buildings: [{ id: 'b1', name: 'North' }, { id: 'b2', name: 'South' }] };
    const n = normalize(Department, reply);
    expect(n.entities.Building).toEqual({ b1: { id: 'b1', name: 'North' }, b2: { id: 'b2', name: 'South' } });
    const dept = denormalize(Department, 'd1', n.entities) as Department;
    expect(dept.buildings).toEqual(['b1', 'b2']);
    const client = createDataClient({ initialState: { entities: n.entities } as never });
    try {
      const buildings = client.controller.get(Department.schema.buildings.query, dept.buildings);
      expect(buildings?.map(b => b.name)).toEqual(['North', 'South']);
      expect(buildings?.[0]).toBeInstanceOf(Building);
    } finally {
      client.destroy();
    }
  });
});

describe('Query over any queryable schema', () => {
  it('an object of All schemas finds every member; with some found, the callback runs with the others undefined', () => {
    const both = new Query({ cats: new All(Cat), dogs: new All(Dog) }, v => (v.cats?.length ?? 0) + (v.dogs?.length ?? 0));
    const client = createDataClient();
    try {
      expect(client.controller.get(both)).toBeUndefined();
      void client.controller.setResponse(new RestEndpoint({ path: '/cats', schema: [Cat] }), [{ id: 1, type: 'cat' }]);
      expect(client.controller.get(both)).toBe(1);
      void client.controller.setResponse(new RestEndpoint({ path: '/dogs', schema: [Dog] }), [{ id: 2, type: 'dog' }, { id: 3, type: 'dog' }]);
      expect(client.controller.get(both)).toBe(3);
    } finally {
      client.destroy();
    }
    expect(() => new Query({ total: 0 } as never)).toThrow(TypeError);
  });
});

describe('Invalidate of a Union', () => {
  it('removes the member entity named by the type field', () => {
    const pet = new Union({ cat: Cat, dog: Dog }, 'type');
    const n = normalize(new Invalidate(pet), { id: 2, type: 'dog' });
    expect(n.result).toEqual({ id: '2', schema: 'dog' });
    expect(Object.keys(n.entities)).toEqual(['Dog']);
    // the pure normalize keeps a value of an undeclared type as it is (data-client's); the store refuses it
    expect(normalize(new Invalidate(pet), { id: 2, type: 'fish' }).result).toEqual({ id: 2, type: 'fish' });
  });
});

describe('Collection.nonFilterArgumentKeys and validateRequired', () => {
  it('nonFilterArgumentKeys is a method of the schema, from any option form', () => {
    expect(new Collection([Cat]).nonFilterArgumentKeys('orderBy')).toBe(true);
    expect(new Collection([Cat]).nonFilterArgumentKeys('userId')).toBe(false);
    expect(new Collection([Cat], { nonFilterArgumentKeys: /^sort/ }).nonFilterArgumentKeys('sortBy')).toBe(true);
    expect(new Collection([Cat], { nonFilterArgumentKeys: ['cursor'] }).nonFilterArgumentKeys('cursor')).toBe(true);
    expect(new Collection([Cat], { nonFilterArgumentKeys: k => k === 'x' }).nonFilterArgumentKeys('x')).toBe(true);
  });

  it('validateRequired names the first missing own field', () => {
    expect(validateRequired({ id: 1 }, { id: 0, title: '' })).toBe('Missing key title');
    expect(validateRequired({ id: 1, title: 'x' }, { id: 0, title: '' })).toBeUndefined();
    expect(validateRequired(JSON.parse('{"__proto__":{"title":"x"}}') as object, { title: '' })).toBe('Missing key title');
  });
});
