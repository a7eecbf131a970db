// Types of the 0.18 schema members added for fidelity: a polymorphic `schema.Array`,
// `schema.Entity` as both the class and the mixin call, `Entity.defaults` and `shouldUpdate`.
import { describe, expectTypeOf, it } from 'vitest';
import { Entity, schema, validateRequired, type Denormalize, type EntityMeta, type Normalize, type UnionRef } from '../../src/core/index.js';

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

  it('Entity.defaults is a record of the fields: validate can require them, or all but some', () => {
    // a helper of the app's own, typed over records (as data-client's guide writes one)
    function without<O extends Record<string, unknown>>(record: O, skip: readonly string[]): Partial<O> {
      return Object.fromEntries(Object.entries(record).filter(([k]) => !skip.includes(k))) as Partial<O>;
    }
    class Report extends Entity {
      id = '';
      total = 0;
    }
    class DetailedReport extends Report {
      lines: string[] = [];
      reviewedAt?: Date = undefined;
      static override validate(processed: Record<string, unknown>): string | undefined {
        return validateRequired(processed, without(this.defaults, ['reviewedAt'])) ?? super.validate(processed);
      }
    }
    class Strict extends Entity {
      id = '';
      static override validate(processed: Record<string, unknown>): string | undefined {
        return validateRequired(processed, this.defaults) || super.validate(processed);
      }
    }
    expectTypeOf(DetailedReport.validate).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf(Strict.defaults.id).toEqualTypeOf<unknown>();
  });

  it("an override of process can use the base's copy as it is, or return nothing", () => {
    class Channel extends Entity {
      handle = '';
      viewers = 0;
      override pk() {
        return this.handle;
      }
      static override process(value: unknown, parent: unknown, key: string | undefined, args: readonly { handle?: string }[]) {
        const copy = super.process(value, parent, key, args);
        copy.handle = args[0]?.handle ?? copy.handle;
        return copy;
      }
    }
    class Closed extends Channel {
      static override process(value: unknown, parent: unknown, key: string | undefined, args: readonly { handle?: string }[]) {
        return (value as { closed?: boolean }).closed ? undefined : super.process(value, parent, key, args);
      }
    }
    expectTypeOf(Closed.fromJS({ handle: 'h' }).handle).toEqualTypeOf<string>();
  });

  it('Entity.defaults and shouldUpdate have 0.18 shapes', () => {
    expectTypeOf(Cat.defaults).toEqualTypeOf<Entity & Record<string, unknown>>();
    expectTypeOf(Cat.shouldUpdate).parameters.toEqualTypeOf<[EntityMeta, EntityMeta, unknown, unknown]>();
    expectTypeOf(Cat.shouldUpdate).returns.toEqualTypeOf<boolean>();
  });
});
