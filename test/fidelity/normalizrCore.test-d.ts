// Types of the 0.18 schema members added for fidelity: a polymorphic `schema.Array`,
// `schema.Entity` as both the class and the mixin call, `Entity.defaults` and `shouldUpdate`.
import { describe, expectTypeOf, it } from 'vitest';
import { Entity, schema, type Denormalize, type EntityMeta, type Normalize, type UnionRef } from '../../src/core/index.js';

class Cat extends Entity {
  id = '';
  lives = 9;
}
class Dog extends Entity {
  id = '';
  good = true;
}

describe('schema types of data-client 0.18 members', () => {
  it('a polymorphic schema.Array denormalizes to its members and normalizes to refs', () => {
    const pets = new schema.Array({ cat: Cat, dog: Dog }, 'type');
    expectTypeOf<Denormalize<typeof pets>>().toEqualTypeOf<(Cat | Dog)[]>();
    expectTypeOf<Normalize<typeof pets>>().toEqualTypeOf<UnionRef[]>();
    const cats = new schema.Array(Cat);
    expectTypeOf<Denormalize<typeof cats>>().toEqualTypeOf<Cat[]>();
    expectTypeOf<Normalize<typeof cats>>().toEqualTypeOf<string[]>();
    // @ts-expect-error the attribute is a field name or a function
    new schema.Array({ cat: Cat }, 3);
  });

  it('schema.Entity extends as Entity and calls as EntityMixin', () => {
    class Plant extends schema.Entity {
      id = '';
    }
    expectTypeOf(Plant.fromJS({ id: 'p' })).toEqualTypeOf<Plant>();
    const Toy = schema.Entity(class { id = ''; label = ''; }, { key: 'Toy', pk: 'id' });
    expectTypeOf(Toy.key).toEqualTypeOf<string>();
    expectTypeOf(new Toy().label).toEqualTypeOf<string>();
    // @ts-expect-error pk names a field of the base class
    schema.Entity(class { id = ''; }, { pk: 'missing' });
  });

  it('Entity.defaults and shouldUpdate have 0.18 shapes', () => {
    expectTypeOf(Cat.defaults).toEqualTypeOf<Entity>();
    expectTypeOf(Cat.shouldUpdate).parameters.toEqualTypeOf<[EntityMeta, EntityMeta, unknown, unknown]>();
    expectTypeOf(Cat.shouldUpdate).returns.toEqualTypeOf<boolean>();
  });
});
